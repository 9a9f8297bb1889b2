import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const strip = style({ display: 'grid', gap: vars.space['4'] });
export const heading = style({ fontSize: vars.fontSize['2xl'] });
/** A sideways row of cards: two in view on phones, five from desktops. */
export const row = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '45%',
  gap: vars.space['4'],
  overflowX: 'auto',
  listStyle: 'none',
  padding: 0,
  '@media': {
    [mediaUp.md]: { gridAutoColumns: '30%' },
    [mediaUp.lg]: { gridAutoColumns: '19%' },
  },
});
export const item = style({ minWidth: 0 });
