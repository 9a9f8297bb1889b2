import { style } from '@vanilla-extract/css';
import { mediaDown, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const section = style({ paddingBlock: vars.space['16'] });

export const heading = style({
  marginBottom: vars.space['8'],
  fontSize: vars.fontSize['3xl'],
  textAlign: 'center',
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [mediaUp.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['5'] },
  },
});

export const tile = style({
  position: 'relative',
  display: 'block',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.night,
  color: vars.color.onDark,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.onDark } },
});

export const image = style({
  width: '100%',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  transition: `transform 400ms ease`,
  selectors: { [`${tile}:hover &`]: { transform: 'scale(1.04)' } },
});

/** A solid dark band under the text: white on it is at least 11:1, whatever the art above. */
export const caption = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: `${vars.space['6']} ${vars.space['3']} ${vars.space['3']}`,
  background:
    'linear-gradient(0deg, rgba(16, 18, 20, 0.92) 0%, rgba(16, 18, 20, 0.8) 55%, rgba(16, 18, 20, 0) 100%)',
  '@media': { [mediaUp.md]: { padding: `${vars.space['8']} ${vars.space['4']} ${vars.space['4']}` } },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  '@media': { [mediaUp.lg]: { fontSize: vars.fontSize['2xl'] } },
});

export const description = style({
  color: vars.color.onDarkMuted,
  '@media': { [mediaDown.small]: { display: 'none' } },
});

export const shop = style({
  display: 'inline-block',
  marginTop: vars.space['1'],
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: vars.letterSpacing.wide,
  textTransform: 'uppercase',
  boxShadow: `inset 0 -2px 0 transparent`,
  selectors: { [`${tile}:hover &`]: { boxShadow: `inset 0 -2px 0 ${vars.color.brand}` } },
});
