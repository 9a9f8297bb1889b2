import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const hero = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-end',
  minHeight: '32rem',
  overflow: 'hidden',
  backgroundColor: vars.color.night,
  color: vars.color.onDark,
  '@media': {
    [mediaUp.md]: { minHeight: '36rem', alignItems: 'center' },
    [mediaUp.xl]: { minHeight: '42rem' },
  },
});

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

/** Darkens the art behind the text so white copy keeps its contrast on any image. */
export const scrim = style({
  position: 'absolute',
  inset: 0,
  background:
    'linear-gradient(0deg, rgba(16, 18, 20, 0.9) 0%, rgba(16, 18, 20, 0.55) 45%, rgba(16, 18, 20, 0.15) 100%)',
  '@media': {
    [mediaUp.md]: {
      background:
        'linear-gradient(90deg, rgba(16, 18, 20, 0.88) 0%, rgba(16, 18, 20, 0.6) 45%, rgba(16, 18, 20, 0) 80%)',
    },
  },
});

export const content = style({
  position: 'relative',
  paddingBlock: vars.space['12'],
});

export const copy = style({ maxWidth: '36rem' });

export const eyebrow = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: vars.letterSpacing.wider,
  textTransform: 'uppercase',
});

export const heading = style({
  marginBlock: `${vars.space['3']} ${vars.space['4']}`,
  fontSize: vars.fontSize['4xl'],
  '@media': { [mediaUp.lg]: { fontSize: vars.fontSize['5xl'] } },
});

export const text = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.onDark,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['8'],
});
