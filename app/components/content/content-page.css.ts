import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'grid',
  gap: vars.space['8'],
  paddingBlock: vars.space['8'],
  maxWidth: '48rem',
});

export const eyebrow = style({
  color: vars.color.inkMuted,
  fontWeight: 600,
  textTransform: 'uppercase',
  fontSize: vars.fontSize.sm,
});

export const title = style({ fontSize: vars.fontSize['3xl'] });
export const intro = style({ fontSize: vars.fontSize.lg });
export const section = style({ display: 'grid', gap: vars.space['3'] });
export const heading = style({ fontSize: vars.fontSize.xl });
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  listStyle: 'none',
  padding: 0,
});
export const link = style({ color: vars.color.brandText, textDecoration: 'underline' });
export const charts = style({ display: 'grid', gap: vars.space['6'] });
