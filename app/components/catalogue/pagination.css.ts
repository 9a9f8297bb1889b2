import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space['2'],
});

const cell = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.sm,
});

export const link = style([
  cell,
  {
    border: `1px solid ${vars.color.border}`,
    color: vars.color.ink,
    textDecoration: 'none',
    selectors: {
      '&:hover': { borderColor: vars.color.ink, color: vars.color.ink },
      '&[aria-current="page"], &[aria-current="true"]': {
        backgroundColor: vars.color.ink,
        borderColor: vars.color.ink,
        color: vars.color.white,
      },
    },
  },
]);

export const gap = style([cell, { color: vars.color.inkMuted }]);
