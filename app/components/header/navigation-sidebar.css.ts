import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

/** The navigation's burger, overlay and sidebar (main-navigation.css.ts says how the parts fit). */
const small = mediaDown.large;
const large = mediaUp.lg;

/* ───────────── the burger (below lg) ───────────── */

export const disclosure = style({
  gridColumn: '1',
  gridRow: '1',
  justifySelf: 'start',
  '@media': { [large]: { display: 'none' } },
});

/** While the sidebar is open the page behind it does not scroll. */
globalStyle(`body:has(${disclosure}[open])`, {
  '@media': { [small]: { overflow: 'hidden' } },
});

/** Leaves room beside the sidebar for its close control on the narrowest screens. */
export const sidebarWidth = `min(${vars.width.sidebar}, calc(100vw - 3.5rem))`;

/** Open, the toggle stretches over the whole page as the dark overlay: a click anywhere on it closes. */
export const toggle = style({
  selectors: {
    [`${disclosure}[open] > &`]: {
      position: 'fixed',
      inset: 0,
      height: 'auto',
      zIndex: vars.zIndex.overlay,
      borderRadius: 0,
      backgroundColor: 'rgba(16, 18, 20, 0.65)',
    },
  },
});

export const menuIcon = style({
  selectors: { [`${disclosure}[open] &`]: { display: 'none' } },
});

export const closeIcon = style({
  display: 'none',
  selectors: {
    [`${disclosure}[open] &`]: {
      display: 'block',
      position: 'absolute',
      top: vars.space['4'],
      right: `calc(${sidebarWidth} + ${vars.space['3']})`,
      color: vars.color.onDark,
    },
  },
});

/** The burger's name; while a level is open the summary is that level's Back button and this is hidden. */
export const menuLabel = style({});

/** Shown only while the burger's summary is a level's Back button (below). */
export const backLabel = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  selectors: {
    '&::before': {
      content: '""',
      flex: '0 0 auto',
      width: '0.5rem',
      height: '0.5rem',
      marginInline: '0.375rem',
      borderRight: '2px solid currentColor',
      borderBottom: '2px solid currentColor',
      transform: 'rotate(135deg)',
    },
  },
});

/**
 * The overlay while a level of the sidebar is open (the burger's own `<details>` is closed then: one state open at
 * a time in the group). Opening it closes the level, and with it the sidebar. Not shown otherwise.
 */
export const closer = style({
  display: 'none',
  gridColumn: '1',
  gridRow: '1',
});

export const closerToggle = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'block',
  listStyle: 'none',
  cursor: 'pointer',
  backgroundColor: 'rgba(16, 18, 20, 0.65)',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const closerIcon = style({
  position: 'absolute',
  top: vars.space['4'],
  right: `calc(${sidebarWidth} + ${vars.space['3']})`,
  color: vars.color.onDark,
});

export const slideIn = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(0)' },
});

/* ───────────── the sidebar below lg, the bar's slot from lg ───────────── */

export const sidebar = style({
  '@media': {
    [small]: {
      display: 'none',
      position: 'fixed',
      top: 0,
      right: 0,
      bottom: 0,
      zIndex: vars.zIndex.sidebar,
      width: sidebarWidth,
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      backgroundColor: vars.color.white,
      color: vars.color.ink,
      boxShadow: vars.shadow.panel,
      animation: `${slideIn} ${vars.duration.normal} ease-out`,
      selectors: { [`${disclosure}[open] ~ &`]: { display: 'block' } },
    },
    [large]: {
      gridColumn: '2',
      gridRow: '1',
      alignSelf: 'stretch',
      minWidth: 0,
      display: 'flex',
      justifyContent: 'center',
    },
  },
});

export const sidebarTitle = style({
  padding: `${vars.space['5']} ${vars.space['5']} ${vars.space['3']}`,
  ...displayType,
  fontSize: vars.fontSize.xl,
  borderBottom: `3px solid ${vars.color.brand}`,
  '@media': { [large]: { display: 'none' } },
});

export const nav = style({ '@media': { [large]: { display: 'flex', alignSelf: 'stretch' } } });

export const plainList = { margin: 0, padding: 0, listStyle: 'none' } as const;

export const topList = style({
  ...plainList,
  '@media': { [large]: { display: 'flex', alignItems: 'stretch' } },
});
