import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkMuted,
});

/** The share of the stars filled, set on each rating's element ("92%"). */
export const FILL_PROPERTY = '--rating-fill';

const STARS = '"★★★★★"';

/** Five grey stars with five orange ones clipped to the score's width on top. */
export const stars = style({
  position: 'relative',
  display: 'inline-block',
  lineHeight: 1,
  letterSpacing: '0.1em',
  color: vars.color.border,
  whiteSpace: 'nowrap',
  '::before': { content: STARS },
  '::after': {
    content: STARS,
    position: 'absolute',
    insetBlock: 0,
    left: 0,
    width: `var(${FILL_PROPERTY}, 0%)`,
    overflow: 'hidden',
    color: vars.color.brand,
  },
});

export const score = style({ color: vars.color.ink, fontWeight: vars.fontWeight.semibold });
