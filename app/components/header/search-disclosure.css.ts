import { style } from '@vanilla-extract/css';
import { mediaBelow, mediaDown, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { visuallyHiddenRules } from '../../../styles/utilities.css';

export const disclosure = style({});

export const toggle = style({
  paddingInline: vars.space['2'],
  selectors: {
    // Open, the toggle becomes the panel's "Cancel", placed at its right end above it.
    [`${disclosure}[open] > &`]: {
      position: 'absolute',
      top: '50%',
      right: vars.space['4'],
      transform: 'translateY(-50%)',
      zIndex: 2,
      paddingInline: vars.space['3'],
      fontWeight: vars.fontWeight.semibold,
      textDecoration: 'underline',
      textUnderlineOffset: '0.2em',
    },
  },
  '@media': { [mediaUp.lg]: { paddingInline: vars.space['3'] } },
});

export const closedLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  selectors: { [`${disclosure}[open] &`]: { display: 'none' } },
});

/** "Search" beside the icon on wide screens; read but not shown on narrower ones. */
export const toggleText = style({
  fontWeight: vars.fontWeight.semibold,
  '@media': { [mediaBelow.xl]: visuallyHiddenRules },
});

export const openLabel = style({
  display: 'none',
  selectors: { [`${disclosure}[open] &`]: { display: 'inline' } },
});

/** Covers the header bar, replacing the navigation while search is open. */
export const panel = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  paddingInline: vars.space['4'],
  paddingRight: '6rem',
  zIndex: 1,
  backgroundColor: vars.color.night,
  '@media': { [mediaUp.sm]: { paddingInline: vars.space['8'], paddingRight: '7.5rem' } },
});

export const form = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  width: '100%',
  maxWidth: '48rem',
  marginInline: 'auto',
});

export const fieldIcon = style({
  position: 'absolute',
  left: vars.space['3'],
  color: vars.color.inkMuted,
  pointerEvents: 'none',
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  height: '2.75rem',
  paddingLeft: '2.75rem',
  paddingRight: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  selectors: {
    '&::placeholder': { color: vars.color.inkSubtle, opacity: 1 },
    // The form's own Clear button replaces the browser's.
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const clear = style({
  height: '2.75rem',
  paddingInline: vars.space['3'],
  border: 0,
  background: 'none',
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { color: vars.color.onDark } },
  '@media': { [mediaDown.small]: visuallyHiddenRules },
});

export const submit = style({
  flex: '0 0 auto',
  '@media': { [mediaDown.small]: { paddingInline: vars.space['3'] } },
});

/** Small screens: the submit button shows an icon and keeps "Search" as its accessible name. */
export const submitIcon = style({ '@media': { [mediaUp.sm]: { display: 'none' } } });

export const submitText = style({ '@media': { [mediaDown.small]: visuallyHiddenRules } });
