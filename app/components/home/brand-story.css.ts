import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const section = style({
  backgroundColor: vars.color.forest,
  color: vars.color.onDark,
});

export const inner = style({
  display: 'grid',
  gap: vars.space['8'],
  alignItems: 'center',
  paddingBlock: vars.space['16'],
  '@media': { [mediaUp.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['12'] } },
});

export const image = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});

/** `brand` on `forest` is 3.84:1: too low for small text, so the eyebrow is white. */
export const eyebrow = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: vars.letterSpacing.wider,
  textTransform: 'uppercase',
  selectors: {
    // An orange rule before it carries the brand colour instead.
    '&::before': {
      content: '""',
      display: 'inline-block',
      width: '1.5rem',
      height: '3px',
      marginRight: vars.space['2'],
      verticalAlign: 'middle',
      backgroundColor: vars.color.brand,
    },
  },
});

export const heading = style({
  marginBlock: `${vars.space['3']} ${vars.space['5']}`,
  fontSize: vars.fontSize['3xl'],
});

export const paragraph = style({
  fontSize: vars.fontSize.lg,
  marginBottom: vars.space['4'],
});

export const link = style({ marginTop: vars.space['4'] });
