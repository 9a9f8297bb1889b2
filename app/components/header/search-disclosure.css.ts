import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaDown, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { visuallyHiddenRules } from '../../../styles/utilities.css';

export const disclosure = style({});

/**
 * While search is open its suggestions hang below the header, over the page: above the listing's sticky filter
 * bar (105 on mobile, SPEC §2), still below the promo bar (110) and the sidebar.
 */
globalStyle(`header:has(${disclosure}[open])`, {
  zIndex: `calc(${vars.zIndex.stickyFiltersMobile} + 1)`,
});

/**
 * Where the open panel starts on wide screens, so the logo stays in view (SPEC §2 search mode replaces the
 * navigation): the header bar's own left edge (it is centred at 1536px), its padding, the logo and the gap.
 * The header is the panel's containing block (it is sticky).
 */
const barStart = 'max(0px, (100% - 1536px) / 2)';

export const toggle = style({
  paddingInline: vars.space['2'],
  selectors: {
    [`${disclosure}[open] > &`]: {
      paddingInline: vars.space['3'],
      fontWeight: vars.fontWeight.semibold,
      textDecoration: 'underline',
      textUnderlineOffset: '0.2em',
    },
  },
  '@media': {
    [mediaUp.lg]: {
      paddingInline: vars.space['3'],
      selectors: {
        // Open on wide screens, the toggle becomes the panel's "Cancel", at its right end above it.
        [`${disclosure}[open] > &`]: {
          position: 'absolute',
          top: '50%',
          right: vars.space['8'],
          transform: 'translateY(-50%)',
          zIndex: 2,
        },
      },
    },
  },
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

/**
 * Below desktop width the panel is a row under the header bar (burger, logo and Cancel stay); from desktop
 * width it covers the navigation and the actions beside the logo.
 */
export const panel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  paddingBlock: vars.space['3'],
  paddingInline: vars.space['4'],
  zIndex: 1,
  backgroundColor: vars.color.night,
  borderTop: `1px solid ${vars.color.nightBorder}`,
  '@media': {
    [mediaUp.sm]: { paddingInline: vars.space['8'] },
    [mediaUp.lg]: {
      top: 0,
      bottom: 0,
      justifyContent: 'center',
      paddingBlock: 0,
      paddingInline: vars.space['4'],
      paddingRight: '8rem',
      borderTop: 0,
      left: `calc(${barStart} + ${vars.space['8']} + 8rem + ${vars.space['4']})`,
    },
    [mediaUp.xl]: { left: `calc(${barStart} + ${vars.space['8']} + 9.5rem + ${vars.space['4']})` },
  },
});

/** The search row and its suggestions: the suggestions hang from the row, edge to edge with it. */
export const field = style({
  position: 'relative',
  width: '100%',
  maxWidth: '48rem',
  marginInline: 'auto',
});

export const form = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  width: '100%',
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

/** "Clear" as text from small tablets up; an × icon (named "Clear") on phones, where room is short. */
export const clear = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.75rem',
  height: '2.75rem',
  paddingInline: vars.space['2'],
  border: 0,
  background: 'none',
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { color: vars.color.onDark } },
});

export const clearIcon = style({ '@media': { [mediaUp.sm]: { display: 'none' } } });

export const clearText = style({ '@media': { [mediaDown.small]: visuallyHiddenRules } });

export const submit = style({
  flex: '0 0 auto',
  '@media': { [mediaDown.small]: { paddingInline: vars.space['3'] } },
});

/** Small screens: the submit button shows an icon and keeps "Search" as its accessible name. */
export const submitIcon = style({ '@media': { [mediaUp.sm]: { display: 'none' } } });

export const submitText = style({ '@media': { [mediaDown.small]: visuallyHiddenRules } });

/* ─────────────── suggestions ─────────────── */

export const suggestions = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  maxHeight: 'calc(100vh - 9rem)',
  overflowY: 'auto',
  padding: vars.space['4'],
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  border: `1px solid ${vars.color.border}`,
  borderTop: 0,
  borderEndStartRadius: vars.radius.sm,
  borderEndEndRadius: vars.radius.sm,
  boxShadow: '0 12px 24px rgb(0 0 0 / 0.18)',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const corrected = style({ fontSize: vars.fontSize.sm });

export const terms = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const term = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.25rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.ink, backgroundColor: vars.color.sand } },
});

export const products = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  '@media': {
    [mediaUp.sm]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [mediaUp.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});

/** SPEC §2: up to 4 products on medium screens (and 4 on small ones, two rows of two). */
export const productItem = style({
  '@media': { [mediaBelow.md]: { selectors: { '&:nth-child(n + 5)': { display: 'none' } } } },
});

export const product = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const productImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 5',
  objectFit: 'contain',
  backgroundColor: vars.color.sand,
});

export const productName = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const productPrice = style({ fontSize: vars.fontSize.sm });

export const seeAll = style({
  alignSelf: 'flex-start',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.ink,
});
