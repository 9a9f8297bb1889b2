import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

/**
 * Phones: a row that scrolls sideways, one image at a time, so the buy box follows the first image.
 * From tablets up: a 2-up grid (SPEC §9).
 */
export const gallery = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '88%',
  gap: vars.space['2'],
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  '@media': {
    [mediaUp.md]: {
      gridAutoFlow: 'row',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      overflowX: 'visible',
    },
  },
});

export const frame = style({
  scrollSnapAlign: 'start',
  backgroundColor: vars.color.sand,
  aspectRatio: '4 / 5',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
});

export const image = style({ width: '100%', height: '100%', objectFit: 'contain' });
