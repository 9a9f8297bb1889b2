import { globalStyle, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';
import { level, openLevel, row, subRow, topItem } from './navigation-levels.css';
import { nav, plainList } from './navigation-sidebar.css';

/** A department's panel: a level's content below lg, the mega-menu from lg; its columns, groups and links. */
const small = mediaDown.large;
const large = mediaUp.lg;

/**
 * A top entry's panel: below lg the content of its level (shown while the level is open); from lg the mega-menu
 * panel, shown while its department's `<details>` is open (decision 046: the keyboard opens it with Enter, Space or
 * an arrow key, so its links are not in the tab order until then) or while the pointer is over the department.
 * `visibility` keeps a closed panel out of the tab order and the accessibility tree; on hover a short delay lets
 * the pointer cross other entries without flashing their panels.
 */
export const panel = style({
  '@media': {
    [small]: {
      display: 'none',
      // Its department's level open, or one of its columns' (the department's `<details>` is closed then).
      selectors: { [`${level}[open] ~ &, &:has(${level}[open])`]: { display: 'block' } },
    },
    [large]: {
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
        [`${topItem}:hover > &`]: {
          visibility: 'visible',
          opacity: 1,
          transition: `opacity ${vars.duration.fast} ease 80ms, visibility 0s linear 80ms`,
        },
        // Opened from the keyboard (or a click) it shows at once: the next Tab must find its links focusable.
        [`${level}[open] ~ &`]: {
          visibility: 'visible',
          opacity: 1,
          transition: `opacity ${vars.duration.fast} ease, visibility 0s`,
        },
        // The pointer over another department shows that one's panel only (unless the focus is in this one).
        [`${nav}:has(${topItem}:hover) ${topItem}:not(:hover):not(:focus-within) > &`]: {
          visibility: 'hidden',
          opacity: 0,
        },
        // A panel closed from the keyboard or by a click (its `<details>` closed, or another department's opened:
        // they share a name) goes at once, not after the pointer's fade: for those 120 ms its links were still
        // focusable and in the accessibility tree beside the next panel's, so the next Tab could land in a closed
        // panel (and the keyboard e2e, looking for "New Arrivals" right after opening Pattern, found Mens's
        // "New Arrivals" link too). The fade stays for the pointer leaving a panel it opened by hovering.
        [`${nav}:has(${level}[open]) ${topItem}:not(:hover) > ${level}:not([open]) ~ &, ${topItem}:focus-within:not(:hover) > ${level}:not([open]) ~ &`]:
          {
            visibility: 'hidden',
            opacity: 0,
            transition: 'none',
          },
        // Set by the menu after a navigation until the pointer moves on, so a clicked panel closes.
        [`${nav}[data-suppressed="true"] &`]: { visibility: 'hidden', opacity: 0 },
      },
    },
  },
});

export const panelInner = style({
  '@media': {
    [large]: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: vars.space['10'],
      maxWidth: '1280px',
      marginInline: 'auto',
      padding: `${vars.space['8']} ${vars.space['8']} ${vars.space['10']}`,
    },
  },
});

export const columns = style({
  ...plainList,
  '@media': {
    [large]: {
      flex: '1 1 auto',
      minWidth: 0,
      columnWidth: '11rem',
      columnGap: vars.space['8'],
    },
  },
});

/**
 * A panel whose entries are all single links (patterns, pursuits, sale): wider columns, so that a long name
 * ("Optifade Waterfowl Marsh") fits on a line or wraps once, evenly.
 */
export const leafColumns = style({
  '@media': { [large]: { columnWidth: '14rem' } },
});

export const column = style({
  '@media': { [large]: { breakInside: 'avoid', paddingBottom: vars.space['5'] } },
});

globalStyle(`${column}:has(> ${level}[open])`, { '@media': { [small]: openLevel } });

/** A column's heading link from lg; below lg a row of the level (when the column has no level of its own). */
export const columnHeading = style({
  ...subRow,
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': {
    [large]: {
      // A box of its own, so that its lines balance (text-wrap applies to a block's lines).
      display: 'inline-block',
      maxWidth: '100%',
      width: 'auto',
      minHeight: 0,
      paddingInline: 0,
      ...displayType,
      fontSize: vars.fontSize.lg,
      color: vars.color.ink,
      // A long name wraps between words into lines of even length (no lone "II" under "Optifade Elevated").
      textWrap: 'balance',
      overflowWrap: 'break-word',
      selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
    },
  },
});

/** A column's links: below lg the content of its level (shown while it is open); from lg always shown. */
export const sublevel = style({
  '@media': {
    [small]: { display: 'none', selectors: { [`${level}[open] ~ &`]: { display: 'block' } } },
  },
});

export const subList = style({
  ...plainList,
  '@media': {
    [large]: { margin: `${vars.space['2']} 0 0`, display: 'grid', gap: vars.space['1'] },
  },
});

export const subLink = style({
  ...subRow,
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': {
    [large]: {
      display: 'inline',
      width: 'auto',
      minHeight: 0,
      paddingInline: 0,
      color: vars.color.inkMuted,
      fontSize: vars.fontSize.sm,
      selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
    },
  },
});

/** The first row of a level below lg: its entry's own page (a summary only opens the level). */
export const viewAll = style({ fontWeight: vars.fontWeight.bold });

export const groups = style({
  '@media': {
    [large]: {
      display: 'flex',
      gap: vars.space['8'],
      paddingLeft: vars.space['8'],
      borderLeft: `1px solid ${vars.color.border}`,
    },
  },
});

export const group = style({
  '@media': { [small]: { padding: `${vars.space['3']} ${vars.space['5']} 0` } },
});

export const groupTitle = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wider,
  textTransform: 'uppercase',
  color: vars.color.inkMuted,
  '@media': { [large]: { marginBottom: vars.space['2'] } },
});

export const groupLink = style({
  display: 'block',
  paddingBlock: vars.space['2'],
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': {
    [large]: {
      display: 'inline',
      paddingBlock: 0,
      color: vars.color.inkMuted,
      fontSize: vars.fontSize.sm,
      selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
    },
  },
});

export const cta = style({
  padding: `${vars.space['4']} ${vars.space['5']} ${vars.space['2']}`,
  '@media': { [large]: { flex: '0 0 17rem', padding: 0 } },
});

export const accountLink = style({
  ...row,
  justifyContent: 'flex-start',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:hover': { color: vars.color.brandText } },
  '@media': { [large]: { display: 'none' } },
});

/*
 * Entries shown in one layout only (menu-order.ts). Defined last so that they win over the display of the
 * entry's own class in the same media query.
 */
export const mobileOnly = style({ '@media': { [large]: { display: 'none' } } });
export const desktopOnly = style({ '@media': { [small]: { display: 'none' } } });
