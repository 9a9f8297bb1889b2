import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

export const nav = style({ display: 'flex', alignSelf: 'stretch' });

export const list = style({
  display: 'flex',
  alignItems: 'stretch',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Not positioned: the panel is placed against the sticky header, across its full width. */
export const item = style({ display: 'flex' });

export const topLink = style({
  display: 'flex',
  alignItems: 'center',
  paddingInline: 'clamp(0.5rem, 0.9vw, 1rem)',
  ...displayType,
  fontSize: vars.fontSize.sm,
  letterSpacing: vars.letterSpacing.wider,
  textDecoration: 'none',
  color: vars.color.onDark,
  whiteSpace: 'nowrap',
  boxShadow: 'inset 0 -3px 0 transparent',
  transition: `box-shadow ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    [`${item}:hover > &, ${item}:focus-within > &, &[aria-current]`]: {
      color: vars.color.brand,
      boxShadow: `inset 0 -3px 0 ${vars.color.brand}`,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
  '@media': { [mediaUp.xl]: { fontSize: vars.fontSize.md } },
});

/**
 * Opens with CSS alone on hover, and on keyboard focus inside the item without JavaScript (with it, on Space or
 * ArrowDown: mega-menu-keys.ts). `visibility` keeps a closed
 * panel out of the tab order and the accessibility tree; on hover a short delay lets the pointer cross
 * other items without flashing their panels.
 */
export const panel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  visibility: 'hidden',
  opacity: 0,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  borderTop: `3px solid ${vars.color.brand}`,
  boxShadow: vars.shadow.panel,
  transition: `opacity ${vars.duration.fast} ease, visibility 0s linear ${vars.duration.fast}`,
  selectors: {
    [`${item}:hover > &`]: {
      visibility: 'visible',
      opacity: 1,
      transition: `opacity ${vars.duration.fast} ease 80ms, visibility 0s linear 80ms`,
    },
    // Without JavaScript the keyboard opens it at once: the next Tab must find its links focusable. With it,
    // Space or ArrowDown on the department opens it (`data-open`, mega-menu-keys.ts), Tab skips it.
    [`${nav}:not([data-keyboard]) ${item}:focus-within > &, ${item}[data-open="true"] > &`]: {
      visibility: 'visible',
      opacity: 1,
      transition: `opacity ${vars.duration.fast} ease, visibility 0s`,
    },
    // Set by the menu after a navigation until the pointer moves on, so a clicked panel closes.
    [`${nav}[data-suppressed="true"] &`]: { visibility: 'hidden', opacity: 0 },
  },
});

export const panelInner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['10'],
  maxWidth: '1280px',
  marginInline: 'auto',
  padding: `${vars.space['8']} ${vars.space['8']} ${vars.space['10']}`,
});

export const columns = style({
  flex: '1 1 auto',
  minWidth: 0,
  columnWidth: '11rem',
  columnGap: vars.space['8'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const column = style({
  breakInside: 'avoid',
  paddingBottom: vars.space['5'],
});

export const columnHeading = style({
  ...displayType,
  fontSize: vars.fontSize.lg,
  textDecoration: 'none',
  color: vars.color.ink,
  selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
});

export const subList = style({
  margin: `${vars.space['2']} 0 0`,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space['1'],
});

export const subLink = style({
  color: vars.color.inkMuted,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
});

export const groups = style({
  display: 'flex',
  gap: vars.space['8'],
  paddingLeft: vars.space['8'],
  borderLeft: `1px solid ${vars.color.border}`,
});

export const groupTitle = style({
  marginBottom: vars.space['2'],
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wider,
  textTransform: 'uppercase',
  color: vars.color.inkMuted,
});

export const cta = style({ flex: '0 0 17rem' });
