import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  paddingBlock: vars.space['6'],
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const title = style({ fontSize: vars.fontSize['3xl'] });

/** Filters beside the results from desktops up; above them (as a modal) below. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['8'],
  '@media': { [mediaUp.lg]: { gridTemplateColumns: '15rem minmax(0, 1fr)', alignItems: 'start' } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });

/**
 * The height of the sticky site header while it shows (its bar's min-height and its bottom border,
 * site-header.css.ts): the sticky bar below stops under it, never over it.
 */
const HEADER_HEIGHT = 'calc(4rem + 1px)';
const HEADER_HEIGHT_LG = 'calc(4.5rem + 1px)';

/**
 * The sticky bar of filter toggle, count and sort (SPEC §2 sticky filters: 95 on desktop, 105 on mobile). It
 * sticks below the header while the header shows and moves up when the header hides on scrolling down (issue 9
 * §6), so it never covers the header, its menu, search and cart, nor hides under it.
 */
export const toolbar = style({
  position: 'sticky',
  top: HEADER_HEIGHT,
  zIndex: vars.zIndex.stickyFiltersDesktop,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingBlock: vars.space['2'],
  backgroundColor: vars.color.white,
  borderBottom: `1px solid ${vars.color.border}`,
  transition: `top ${vars.duration.normal} ease`,
  '@media': {
    [mediaBelow.lg]: { zIndex: vars.zIndex.stickyFiltersMobile },
    [mediaUp.lg]: { top: HEADER_HEIGHT_LG },
  },
});

globalStyle(`body:has(header[data-hidden="true"]) ${toolbar}`, { top: 0 });

/**
 * Under the dark overlay while a panel (or the mobile sidebar) is open: the bar does not shine through it,
 * nor cover the sidebar (which sits in the header's stacking order, 100).
 */
globalStyle(`body:has([data-panel-dialog], details[data-panel][open], details[data-menu][open]) ${toolbar}`, {
  zIndex: 'auto',
});
// A level of the phone sidebar open (the burger's own `<details>` is closed then: decision 046).
globalStyle(`body:has([data-sidebar] details[open]) ${toolbar}`, {
  '@media': { [mediaBelow.lg]: { zIndex: 'auto' } },
});

export const filtersToggle = style({ '@media': { [mediaUp.lg]: { display: 'none' } } });

export const toggleLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space['4'],
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  selectors: { '&:hover': { backgroundColor: vars.color.sand, color: vars.color.ink } },
});

export const count = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['12'],
  textAlign: 'center',
  color: vars.color.inkMuted,
});

export const clearAll = style({ color: vars.color.ink, fontWeight: vars.fontWeight.semibold });
