import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space['8']} ${vars.space['4']}`,
  '@media': {
    [mediaUp.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [mediaUp.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', columnGap: vars.space['6'] },
  },
});
