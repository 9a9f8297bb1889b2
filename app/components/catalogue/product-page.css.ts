import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['8'],
  paddingBlock: vars.space['6'],
});

/** Gallery beside the buy box from desktops up; the buy box stays in view while the gallery scrolls. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['8'],
  '@media': { [mediaUp.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});

export const buyBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  '@media': { [mediaUp.lg]: { position: 'sticky', top: vars.space['6'] } },
});

export const title = style({ fontSize: vars.fontSize['3xl'] });

export const price = style({ fontSize: vars.fontSize.xl });

export const more = style({ display: 'grid', gap: vars.space['8'], maxWidth: '48rem' });
