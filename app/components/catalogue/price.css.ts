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
