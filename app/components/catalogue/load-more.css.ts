import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const loadMore = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const status = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
