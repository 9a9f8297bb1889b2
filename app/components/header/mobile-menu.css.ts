import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaDown } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

export const disclosure = style({});

/** While the sidebar is open the page behind it does not scroll. */
globalStyle(`body:has(${disclosure}[open])`, {
  '@media': { [mediaDown.large]: { overflow: 'hidden' } },
});

/** Leaves room beside the sidebar for its close control on the narrowest screens. */
const sidebarWidth = `min(${vars.width.sidebar}, calc(100vw - 3.5rem))`;

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

const slideIn = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(0)' },
});

export const sidebar = style({
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
});

export const sidebarTitle = style({
  padding: `${vars.space['5']} ${vars.space['5']} ${vars.space['3']}`,
  ...displayType,
  fontSize: vars.fontSize.xl,
  borderBottom: `3px solid ${vars.color.brand}`,
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const entry = style({ borderBottom: `1px solid ${vars.color.stone}` });

const row = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: '3rem',
  paddingInline: vars.space['5'],
  color: vars.color.ink,
  textDecoration: 'none',
} as const;

/** A top-level row: a link, or the summary of a nested list. */
export const topRow = style({
  ...row,
  ...displayType,
  fontSize: vars.fontSize.lg,
  selectors: { '&:hover': { color: vars.color.brandText } },
});

export const subRow = style({
  ...row,
  minHeight: '2.75rem',
  fontSize: vars.fontSize.md,
  selectors: { '&:hover': { color: vars.color.brandText } },
});

/** A level of the nested navigation: open, it covers the sidebar (or the level it is in) and slides in. */
export const level = style({
  selectors: {
    '&[open]': {
      position: 'absolute',
      inset: 0,
      zIndex: 1,
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      backgroundColor: vars.color.white,
      animation: `${slideIn} ${vars.duration.normal} ease-out`,
    },
    // The level behind an open one holds still.
    '&[open]:has(details[open])': { overflowY: 'hidden' },
  },
});

export const levelToggle = style({
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    [`${level}[open] > &`]: {
      justifyContent: 'flex-start',
      ...displayType,
      fontSize: vars.fontSize.md,
      borderBottom: `1px solid ${vars.color.stone}`,
    },
  },
});

/** Closed, the summary reads as the item with a forward chevron; open, it is the Back button. */
export const forward = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  selectors: { [`${level}[open] > summary > &`]: { display: 'none' } },
});

export const forwardIcon = style({ flex: '0 0 auto', transform: 'rotate(-90deg)' });

export const back = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  selectors: { [`${level}[open] > summary > &`]: { display: 'inline-flex' } },
});

export const backIcon = style({ transform: 'rotate(90deg)' });

export const levelTitle = style({
  padding: `${vars.space['4']} ${vars.space['5']} ${vars.space['2']}`,
  ...displayType,
  fontSize: vars.fontSize.xl,
});

export const viewAll = style({ fontWeight: vars.fontWeight.bold });

export const group = style({ padding: `${vars.space['3']} ${vars.space['5']} 0` });

export const groupTitle = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wider,
  textTransform: 'uppercase',
  color: vars.color.inkMuted,
});

export const groupLink = style({
  display: 'block',
  paddingBlock: vars.space['2'],
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandText } },
});

export const cta = style({ padding: `${vars.space['4']} ${vars.space['5']} ${vars.space['2']}` });

export const accountLink = style({
  ...row,
  justifyContent: 'flex-start',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:hover': { color: vars.color.brandText } },
});
