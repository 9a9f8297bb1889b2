import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  height: '100%',
});

export const media = style({
  position: 'relative',
  aspectRatio: '4 / 5',
  backgroundColor: vars.color.sand,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'contain',
});

export const name = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.normal,
  textTransform: 'none',
  lineHeight: vars.lineHeight.snug,
});

/** The name link covers the whole card, so the image is clickable without a second link. */
export const link = style({
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:hover': { color: vars.color.ink, textDecoration: 'underline' },
  },
});

/** Badges sit over the image's top-left corner. */
export const badges = style({
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const badge = style({
  paddingInline: vars.space['2'],
  paddingBlock: '2px',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.forest,
  color: vars.color.white,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wide,
  textTransform: 'uppercase',
});

export const saleBadge = style([badge, { backgroundColor: vars.color.danger }]);
