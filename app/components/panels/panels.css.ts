import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { mediaBelow } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

/**
 * The dark overlay under an open panel (z-index overlay, 90: under the sticky header and the promo bar).
 * Shown by CSS alone whenever a dialog panel or a header disclosure marked `data-panel` is open.
 */
export const overlay = style({
  display: 'none',
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  backgroundColor: 'rgba(16, 18, 20, 0.65)',
  cursor: 'default',
});

globalStyle(`body:has([data-panel-dialog], details[data-panel][open]) ${overlay}`, { display: 'block' });

/**
 * Without JavaScript nothing closes a server-rendered dialog when a header disclosure (search, promo bar,
 * burger menu) opens from the keyboard: the disclosure replaces it on screen, so one panel shows at a time.
 * With JavaScript the panel state never holds both.
 */
globalStyle('body:has(details[data-panel][open], details[data-menu][open]) [data-panel-dialog]', {
  display: 'none',
});
/** The same while a level of the phone sidebar is open (the burger's own `<details>` is closed then: decision 046). */
globalStyle('body:has([data-sidebar] details[open]) [data-panel-dialog]', {
  '@media': { [mediaBelow.lg]: { display: 'none' } },
});

/** While a dialog panel is open the page behind it does not scroll. */
globalStyle('body:has([data-panel-dialog])', { overflow: 'hidden' });

const slideIn = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(0)' },
});

const dialogBase = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: vars.zIndex.sidebar,
  display: 'flex',
  flexDirection: 'column',
  maxWidth: '100vw',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  boxShadow: vars.shadow.panel,
  animation: `${slideIn} ${vars.duration.normal} ease-out`,
  selectors: { '&:focus-visible': { outline: 'none' } },
});

/** SPEC §2 popup widths: 26rem for the cart, 23rem for sign-in (and the account panels it leads to). */
export const dialog = styleVariants({
  cart: [dialogBase, { width: vars.width.cart }],
  signin: [dialogBase, { width: vars.width.signIn }],
  signup: [dialogBase, { width: vars.width.signIn }],
  'reset-password': [dialogBase, { width: vars.width.signIn }],
});

export const dialogHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderBottom: `3px solid ${vars.color.brand}`,
});

export const dialogTitle = style({ ...displayType, fontSize: vars.fontSize['2xl'] });

export const closeLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  selectors: { '&:hover': { backgroundColor: vars.color.sand } },
});

export const dialogBody = style({ flex: '1 1 auto', padding: vars.space['5'] });

export const stack = style({ display: 'grid', gap: vars.space['5'] });

export const empty = style({ paddingBlock: vars.space['8'], textAlign: 'center' });

export const emptyTitle = style({ ...displayType, fontSize: vars.fontSize.xl });

export const muted = style({ color: vars.color.inkMuted });

export const small = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

export const wide = style({ width: '100%' });

export const links = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
