import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const swatch = style({
  display: 'block',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  objectFit: 'cover',
  backgroundColor: vars.color.stone,
});

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const more = style({ fontSize: vars.fontSize.xs, color: vars.color.inkMuted });
