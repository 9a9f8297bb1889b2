import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

/**
 * Not positioned while closed, so the open burger sidebar (inside the sticky header) covers the strip; open,
 * it rises above the page overlay (z-index promoBar) so its toggle still closes it.
 */
export const strip = style({
  display: 'flex',
  alignItems: 'center',
  backgroundColor: vars.color.brand,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const disclosure = style({ flex: '1 1 auto', minWidth: 0 });

globalStyle(`${strip}:has(${disclosure}[open])`, { position: 'relative', zIndex: vars.zIndex.promoBar });

export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '2.25rem',
  paddingInline: vars.space['4'],
  textAlign: 'center',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const chevron = style({
  flex: '0 0 auto',
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${disclosure}[open] &`]: { transform: 'rotate(180deg)' } },
});

const slideIn = keyframes({
  from: { transform: 'translateY(110%)' },
  to: { transform: 'translateY(0)' },
});

/** The fade: a mask whose transparent end slides off the text (the text's own colour never changes). */
const fadeIn = keyframes({
  from: { maskPosition: '0 100%' },
  to: { maskPosition: '0 0' },
});

/**
 * The line's frame: a new text slides up into it from below its edge. Its texts share one grid cell, so it keeps the
 * size of the longest (promo-bar.tsx).
 */
export const rotatingWindow = style({
  display: 'inline-grid',
  overflow: 'hidden',
  verticalAlign: 'bottom',
});

/** A text not shown now: it only holds the frame's size. */
export const reservedText = style({ gridArea: '1 / 1', visibility: 'hidden' });

/**
 * SPEC §4: each new text fades and slides in. The fade is a moving mask rather than opacity, so the text's
 * contrast holds at every moment (axe measures it mid-animation too). Under prefers-reduced-motion the
 * global styles cut animations to nothing: the text still changes, without movement.
 */
export const rotatingText = style({
  gridArea: '1 / 1',
  display: 'inline-block',
  maskImage: 'linear-gradient(to bottom, #000 50%, transparent 100%)',
  maskSize: '100% 200%',
  maskPosition: '0 0',
  animation: `${slideIn} 400ms ease-out, ${fadeIn} 400ms ease-out`,
});

export const pause = style({
  flex: '0 0 auto',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 0,
  background: 'none',
  color: vars.color.ink,
  selectors: { '&:hover': { backgroundColor: vars.color.brandHover } },
});

/** The dropdown of promotions, above the sticky header. */
export const panel = style({
  position: 'absolute',
  left: 0,
  right: 0,
  zIndex: vars.zIndex.promoBar,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  boxShadow: vars.shadow.panel,
  fontWeight: vars.fontWeight.regular,
});

export const items = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: '1280px',
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']}`,
  listStyle: 'none',
  '@media': {
    [mediaUp.sm]: { paddingInline: vars.space['8'] },
    [mediaUp.md]: { gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' },
  },
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: '3.5rem 1fr',
  gap: vars.space['4'],
  alignItems: 'start',
});

export const itemTitle = style({
  ...displayType,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.tight,
});

export const itemText = style({
  marginBlock: vars.space['1'],
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.sm,
});

export const itemLink = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm });
