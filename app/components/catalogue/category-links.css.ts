import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.ink, color: vars.color.ink } },
});
