import { style } from '@vanilla-extract/css';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

export const card = style({
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
});

export const image = style({
  width: '100%',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.stone,
});

export const title = style({
  marginTop: vars.space['1'],
  ...displayType,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkMuted,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: vars.letterSpacing.wide,
});
