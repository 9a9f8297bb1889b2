import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  paddingBlock: vars.space['6'],
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const title = style({ fontSize: vars.fontSize['3xl'] });

export const count = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

export const empty = style({
  paddingBlock: vars.space['12'],
  textAlign: 'center',
  color: vars.color.inkMuted,
});
