import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

/**
 * One navigation for every screen (issue 7 §4): on large screens (lg and up) a bar of departments, each a
 * disclosure button (the summary of a `<details>`) whose mega-menu panel opens while it is open (Enter, Space, a
 * click; decision 046) or hovered; below lg the same elements are the burger's sidebar, each level behind its
 * `<details>`. Base styles are the sidebar's, `large` blocks the bar's.
 */
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

const slideIn = keyframes({
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

const plainList = { margin: 0, padding: 0, listStyle: 'none' } as const;

export const topList = style({
  ...plainList,
  '@media': { [large]: { display: 'flex', alignItems: 'stretch' } },
});

/**
 * A top entry. From lg it is not positioned: its panel is placed against the sticky header, across its full
 * width. Below lg, while its level is open, it covers the sidebar.
 */
export const topItem = style({
  borderBottom: `1px solid ${vars.color.stone}`,
  '@media': { [large]: { display: 'flex', borderBottom: 'none' } },
});

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

/** A top-level row of the sidebar: a link, or the summary of a level. */
const topRow = {
  ...row,
  ...displayType,
  fontSize: vars.fontSize.lg,
} as const;

const subRow = {
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
const openLevel = {
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

/* ───────────── the sidebar's states below lg (decision 046) ─────────────
 * The burger, the overlay below and every level share one `<details>` name (TOP_LEVEL_GROUP): one state is open at a
 * time, and opening the burger closes whatever level was open, so the sidebar opens at its top level every time,
 * without JavaScript too. While a level is open the burger's `<details>` is closed: the sidebar, the page lock and
 * the overlay follow the open level, and the Back buttons are summaries that open the state above.
 */
globalStyle(`${sidebar}:has(${level}[open])`, { '@media': { [small]: { display: 'block' } } });
globalStyle(`body:has(${sidebar} ${level}[open])`, { '@media': { [small]: { overflow: 'hidden' } } });
globalStyle(`${closer}:has(~ ${sidebar} ${level}[open])`, { '@media': { [small]: { display: 'block' } } });

/** A department's level open: the burger's summary is its Back button (to the top level), over the level's top row. */
const burgerAsBack = `${disclosure}:not([open]):has(~ ${sidebar} ${topLevel}[open])`;
globalStyle(`${burgerAsBack} > ${toggle}`, {
  '@media': {
    [small]: {
      position: 'fixed',
      top: 0,
      right: 0,
      width: sidebarWidth,
      height: '3rem',
      zIndex: `calc(${vars.zIndex.sidebar} + 1)`,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-start',
      paddingInline: vars.space['5'],
      borderRadius: 0,
      backgroundColor: vars.color.white,
      color: vars.color.ink,
      borderBottom: `1px solid ${vars.color.stone}`,
      ...displayType,
      fontSize: vars.fontSize.md,
    },
  },
});
globalStyle(`${burgerAsBack} ${menuIcon}, ${burgerAsBack} ${menuLabel}`, {
  '@media': { [small]: { display: 'none' } },
});
globalStyle(`${burgerAsBack} ${backLabel}`, { '@media': { [small]: { display: 'inline-flex' } } });
/** The department's own summary, open, would close every state: it keeps its row's place under the Back button. */
globalStyle(`${topLevel}[open] > ${levelToggle}`, { '@media': { [small]: { visibility: 'hidden' } } });

/**
 * A column's level open (its department's `<details>` closed): the department's summary is the Back button (to the
 * department's level) over the column's own summary, which keeps its row's place.
 */
const departmentAsBack = `${topItem}:has(${column} > ${level}[open]) > ${topLevel} > ${levelToggle}`;
globalStyle(departmentAsBack, {
  '@media': {
    [small]: {
      position: 'relative',
      zIndex: 2,
      minHeight: '2.75rem',
      justifyContent: 'flex-start',
      backgroundColor: vars.color.white,
      ...displayType,
      fontSize: vars.fontSize.md,
      borderBottom: `1px solid ${vars.color.stone}`,
    },
  },
});
globalStyle(`${departmentAsBack} > ${forward}`, { '@media': { [small]: { display: 'none' } } });
globalStyle(`${departmentAsBack} > ${back}`, { '@media': { [small]: { display: 'inline-flex' } } });
globalStyle(`${column} > ${level}[open] > ${levelToggle}`, {
  '@media': { [small]: { visibility: 'hidden' } },
});
