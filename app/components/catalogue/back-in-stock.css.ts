import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const box = style({
  border: `1px solid ${vars.color.border}`,
  padding: vars.space['4'],
  display: 'grid',
  gap: vars.space['2'],
});
export const title = style({ fontSize: vars.fontSize.lg });
export const form = style({ display: 'grid', gap: vars.space['2'] });
export const label = style({ fontWeight: 600 });
export const input = style({
  flex: '1 1 12rem',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.inkMuted}`,
  font: 'inherit',
});
