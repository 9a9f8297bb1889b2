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
export const row = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const input = style({
  flex: '1 1 12rem',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.inkMuted}`,
  font: 'inherit',
});
export const success = style({ color: vars.color.forest, fontWeight: 600, minHeight: '1.5em' });
export const error = style({ color: vars.color.brandTextHover, fontWeight: 600, minHeight: '1.5em' });
