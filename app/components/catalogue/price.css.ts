import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const price = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
});

export const sale = style({ color: vars.color.danger });

export const compareAt = style({
  color: vars.color.inkMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: '0.875em',
});

/** A customer group's price: the ink of any price, with its name beside it (not a sale's red). */
export const customer = style({ color: vars.color.ink });

export const customerLabel = style({
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.ink,
  color: vars.color.white,
  fontSize: '0.75em',
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.wide,
  textTransform: 'uppercase',
});
