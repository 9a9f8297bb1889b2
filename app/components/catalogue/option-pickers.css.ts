import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  border: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.normal,
  textTransform: 'none',
});

export const chosen = style({ fontWeight: vars.fontWeight.regular, color: vars.color.inkMuted });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const colorLink = style({
  display: 'block',
  padding: '3px',
  border: '2px solid transparent',
  borderRadius: vars.radius.full,
  selectors: {
    '&:hover': { borderColor: vars.color.border },
    '&[aria-current="true"]': { borderColor: vars.color.ink },
  },
});

/** Size boxes: the radio stays in the accessibility tree (visually hidden), its label is the box. */
export const sizeOption = style({ position: 'relative' });

export const sizeInput = style({
  position: 'absolute',
  opacity: 0,
  width: '1px',
  height: '1px',
});

export const sizeBox = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '3rem',
  minHeight: '2.75rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.ink } },
});

globalStyle(`${sizeInput}:checked + ${sizeBox}`, {
  backgroundColor: vars.color.ink,
  borderColor: vars.color.ink,
  color: vars.color.white,
});
globalStyle(`${sizeInput}:focus-visible + ${sizeBox}`, {
  outline: `3px solid ${vars.color.brand}`,
  outlineOffset: '2px',
});
/**
 * Sold-out and unavailable sizes say so in words under the size ("Sold out", "Unavailable") instead of striking
 * through it: a line through "L" reads as "Ⱡ" (issue 9 §11). A sold-out size has a dashed border and can still be
 * chosen (back-in-stock form).
 */
export const soldOutBox = style({ borderStyle: 'dashed', color: vars.color.inkMuted });
export const sizeTag = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.1,
  whiteSpace: 'nowrap',
  textTransform: 'none',
});
globalStyle(`${sizeInput}:disabled + ${sizeBox}`, {
  cursor: 'not-allowed',
  color: vars.color.inkMuted,
  backgroundColor: vars.color.sand,
  borderStyle: 'dashed',
});

export const sizeForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const stock = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const stockTone = styleVariants({
  available: { color: vars.color.success },
  unavailable: { color: vars.color.danger },
  neutral: { color: vars.color.inkMuted },
});
export type StockTone = keyof typeof stockTone;
