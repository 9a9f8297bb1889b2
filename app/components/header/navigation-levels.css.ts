import { globalStyle, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';
import { slideIn } from './navigation-sidebar.css';

/** The navigation's top entries and the levels of the sidebar: rows, summaries, Back and forward chevrons. */
const small = mediaDown.large;
const large = mediaUp.lg;

/**
 * A top entry. From lg it is not positioned: its panel is placed against the sticky header, across its full
 * width. Below lg, while its level is open, it covers the sidebar.
 */
export const topItem = style({
  borderBottom: `1px solid ${vars.color.stone}`,
  '@media': { [large]: { display: 'flex', borderBottom: 'none' } },
});

export const row = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: '3rem',
  paddingInline: vars.space['5'],
  color: vars.color.ink,
  textDecoration: 'none',
} as const;

/** A top-level row of the sidebar: a link, or the summary of a level. */
const topRow = {
  ...row,
  ...displayType,
  fontSize: vars.fontSize.lg,
} as const;

export const subRow = {
  ...row,
  minHeight: '2.75rem',
  fontSize: vars.fontSize.md,
} as const;

/** The top link: the bar's item from lg; below lg a row of the sidebar (when the entry has no level). */
export const topLink = style({
  ...topRow,
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': {
    [large]: {
      width: 'auto',
      minHeight: 0,
      justifyContent: 'flex-start',
      paddingInline: 'clamp(0.5rem, 0.9vw, 1rem)',
      fontSize: vars.fontSize.sm,
      letterSpacing: vars.letterSpacing.wider,
      color: vars.color.onDark,
      whiteSpace: 'nowrap',
      boxShadow: 'inset 0 -3px 0 transparent',
      transition: `box-shadow ${vars.duration.fast}, color ${vars.duration.fast}`,
      selectors: {
        [`${topItem}:hover > &, &[aria-current]`]: {
          color: vars.color.brand,
          boxShadow: `inset 0 -3px 0 ${vars.color.brand}`,
        },
        '&:hover': { color: vars.color.brand },
        '&:focus-visible': { outlineOffset: '-3px' },
      },
    },
    [mediaUp.xl]: { fontSize: vars.fontSize.md },
  },
});

/** A level of the sidebar: only its summary (the row, and the Back button while open); none from lg. */
export const level = style({ '@media': { [large]: { display: 'none' } } });

/** A department's level: from lg its summary is the bar's disclosure button. */
export const topLevel = style({
  '@media': { [large]: { display: 'flex', alignItems: 'stretch' } },
});

/** An entry whose level is open covers the sidebar (or the level it is in) and slides in. */
export const openLevel = {
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  backgroundColor: vars.color.white,
  animation: `${slideIn} ${vars.duration.normal} ease-out`,
} as const;

globalStyle(`${topItem}:has(${level}[open])`, { '@media': { [small]: openLevel } });

export const levelToggle = style({
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
  '@media': {
    [small]: {
      selectors: {
        [`${level}[open] > &`]: {
          justifyContent: 'flex-start',
          ...displayType,
          fontSize: vars.fontSize.md,
          borderBottom: `1px solid ${vars.color.stone}`,
        },
      },
    },
  },
});

/** A department's summary: a row of the sidebar below lg; from lg the bar's button, styled as its links. */
export const topToggle = style({
  ...topRow,
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': {
    [large]: {
      width: 'auto',
      minHeight: 0,
      justifyContent: 'flex-start',
      paddingInline: 'clamp(0.5rem, 0.9vw, 1rem)',
      fontSize: vars.fontSize.sm,
      letterSpacing: vars.letterSpacing.wider,
      color: vars.color.onDark,
      whiteSpace: 'nowrap',
      boxShadow: 'inset 0 -3px 0 transparent',
      transition: `box-shadow ${vars.duration.fast}, color ${vars.duration.fast}`,
      selectors: {
        [`${topItem}:hover > ${topLevel} > &, ${topLevel}[open] > &, &[aria-current]`]: {
          color: vars.color.brand,
          boxShadow: `inset 0 -3px 0 ${vars.color.brand}`,
        },
        '&:hover': { color: vars.color.brand },
        '&:focus-visible': { outlineOffset: '-3px' },
      },
    },
    [mediaUp.xl]: { fontSize: vars.fontSize.md },
  },
});

export const subToggle = style({
  ...subRow,
  selectors: { '&:hover': { color: vars.color.brandText } },
});

/** A chevron drawn by CSS (no icon per row: the sidebar has dozens of them on every page). */
const chevron = {
  content: '""',
  flex: '0 0 auto',
  width: '0.5rem',
  height: '0.5rem',
  marginInline: '0.375rem',
  borderRight: '2px solid currentColor',
  borderBottom: '2px solid currentColor',
} as const;

/**
 * Closed, the summary reads as the entry with a forward chevron; open below lg, it is the Back button. From lg a
 * small chevron points down (up while the panel is open): the button opens something.
 */
export const forward = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  selectors: { '&::after': { ...chevron, transform: 'rotate(-45deg)' } },
  '@media': {
    [small]: { selectors: { [`${level}[open] > summary > &`]: { display: 'none' } } },
    [large]: {
      gap: '0.125rem',
      selectors: {
        '&::after': {
          width: '0.375rem',
          height: '0.375rem',
          marginInline: '0.25rem 0',
          borderWidth: '0 1.5px 1.5px 0',
          transform: 'translateY(-0.125rem) rotate(45deg)',
        },
        [`${level}[open] > summary > &::after`]: { transform: 'translateY(0.125rem) rotate(-135deg)' },
      },
    },
  },
});

export const back = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  selectors: { '&::before': { ...chevron, transform: 'rotate(135deg)' } },
  '@media': {
    [small]: { selectors: { [`${level}[open] > summary > &`]: { display: 'inline-flex' } } },
  },
});

export const levelTitle = style({
  padding: `${vars.space['4']} ${vars.space['5']} ${vars.space['2']}`,
  ...displayType,
  fontSize: vars.fontSize.xl,
  '@media': { [large]: { display: 'none' } },
});
