import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const form = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const select = style({
  minHeight: '2.75rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  font: 'inherit',
});

export const submit = style({
  minHeight: '2.75rem',
  paddingInline: vars.space['4'],
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.ink,
  color: vars.color.white,
  font: 'inherit',
  cursor: 'pointer',
});
