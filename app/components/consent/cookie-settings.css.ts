import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const page = style({
  paddingBlock: vars.space['12'],
  maxWidth: '44rem',
  '@media': { [mediaUp.md]: { paddingBlock: vars.space['16'] } },
});

export const heading = style({
  fontSize: vars.fontSize['3xl'],
  marginBottom: vars.space['4'],
});

export const intro = style({
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.lg,
  marginBottom: vars.space['8'],
});

export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
});

export const legend = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['4'],
});

export const groups = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  borderTop: `1px solid ${vars.color.border}`,
});

export const group = style({
  paddingBlock: vars.space['4'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const groupField = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
});

export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.15rem',
  accentColor: vars.color.brandText,
});

export const label = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
});

export const description = style({
  gridColumn: '2',
  color: vars.color.inkMuted,
  margin: 0,
});

export const always = style({
  gridColumn: '2',
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['8'],
});

export const status = style({
  marginTop: vars.space['4'],
});

export const back = style({ marginTop: vars.space['6'] });
