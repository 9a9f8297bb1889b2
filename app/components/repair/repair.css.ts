import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { visuallyHiddenRules } from '../../../styles/utilities.css';

export const page = style({
  paddingBlock: vars.space['10'],
  maxWidth: '52rem',
  '@media': { [mediaUp.md]: { paddingBlock: vars.space['12'] } },
});

export const heading = style({ fontSize: vars.fontSize['3xl'], marginBottom: vars.space['2'] });
export const subtitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space['6'] });
export const intro = style({ color: vars.color.inkMuted, marginBottom: vars.space['6'] });

export const steps = style({
  display: 'flex',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['8']}`,
  flexWrap: 'wrap',
});

const stepBase = {
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
} as const;

export const step = style({ ...stepBase, color: vars.color.ink });
export const stepCurrent = style({
  ...stepBase,
  borderColor: vars.color.ink,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});
export const stepDisabled = style({
  ...stepBase,
  color: vars.color.inkMuted,
  backgroundColor: vars.color.sand,
  cursor: 'not-allowed',
});

export const section = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space['6'],
  display: 'grid',
  gap: vars.space['4'],
});

export const sectionTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });

/**
 * "Your repairs": a table from a small tablet up; on a phone each repair is a card of label/value rows, the labels
 * the column headings in order (issue 24 §8: the table was 434 px wide on a 390 px screen).
 */
const yourRepairs = `${section} table`;
const phone = mediaBelow.sm;
globalStyle(yourRepairs, { width: '100%', borderCollapse: 'collapse', textAlign: 'left' });
globalStyle(`${yourRepairs} th, ${yourRepairs} td`, {
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: '6.5rem minmax(0, 1fr)',
      gap: vars.space['3'],
      padding: `${vars.space['1']} 0`,
      borderBottom: 'none',
    },
  },
});
globalStyle(`${yourRepairs}, ${yourRepairs} tbody`, {
  '@media': { [phone]: { display: 'grid', gap: vars.space['3'] } },
});
globalStyle(`${yourRepairs} thead`, { '@media': { [phone]: visuallyHiddenRules } });
globalStyle(`${yourRepairs} tr`, {
  '@media': {
    [phone]: {
      display: 'grid',
      padding: vars.space['3'],
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.sm,
    },
  },
});
['Repair', 'Product', 'Submitted', 'Status', 'Payment'].forEach((heading, index) => {
  globalStyle(`${yourRepairs} td:nth-child(${index + 1})::before`, {
    '@media': { [phone]: { content: `"${heading}"`, fontWeight: vars.fontWeight.semibold } },
  });
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space['3'] });
export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['2'] });

export const choice = style({ display: 'flex', gap: vars.space['3'], alignItems: 'center' });

export const list = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
});

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  display: 'grid',
  gap: vars.space['2'],
});

export const photos = style({
  display: 'flex',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  listStyle: 'none',
  padding: 0,
});
export const photo = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'start' });
export const thumbnail = style({
  width: '6rem',
  height: '6rem',
  objectFit: 'cover',
  border: `1px solid ${vars.color.border}`,
});

export const select = style({
  minHeight: '2.75rem',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.inkSubtle}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
});

export const textarea = style({
  minHeight: '6rem',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.inkSubtle}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
});

export const actions = style({
  display: 'flex',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  alignItems: 'center',
});

export const linkButton = style({
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
});

export const status = style({ fontWeight: vars.fontWeight.semibold });
export const error = style({ color: vars.color.danger, margin: 0 });
export const notice = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold });

export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [mediaUp.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
});
