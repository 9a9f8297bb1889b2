import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { visuallyHiddenRules } from '../../../styles/utilities.css';

/** Account pages (profile, training, signed out). */
export const page = style({
  paddingBlock: vars.space['10'],
  '@media': { [mediaUp.md]: { paddingBlock: vars.space['16'] } },
});

export const heading = style({ marginBlock: `0 ${vars.space['4']}`, fontSize: vars.fontSize['4xl'] });

export const section = style({
  display: 'grid',
  gap: vars.space['3'],
  marginBlock: vars.space['6'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space['6'],
  rowGap: vars.space['2'],
  margin: 0,
});

export const term = style({ fontWeight: vars.fontWeight.semibold });

export const notice = style({
  padding: vars.space['4'],
  backgroundColor: vars.color.sand,
  borderLeft: `4px solid ${vars.color.brand}`,
});

/** Sign-in panel. */
export const form = style({ display: 'grid', gap: vars.space['4'] });

export const passwordRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch' });

export const toggle = style({
  minWidth: '4.5rem',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.inkMuted}`,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  font: 'inherit',
  cursor: 'pointer',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
});

/** A button that reads as a link ("Resend email?", "Go Back"). */
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.brandText,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.brandTextHover }, '&:disabled': { cursor: 'wait' } },
});

export const error = style({
  color: vars.color.brandTextHover,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const success = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold, margin: 0 });

export const inline = style({ display: 'inline' });

/** The account area's navigation. */
export const accountNav = style({ marginBlockEnd: vars.space['6'] });

export const accountNavList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const accountNavLink = style({
  color: vars.color.brandText,
  selectors: {
    '&[aria-current="page"]': {
      color: vars.color.ink,
      fontWeight: vars.fontWeight.semibold,
      textDecoration: 'none',
    },
  },
});

/** Saved addresses and orders. */
export const cards = style({
  display: 'grid',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mediaUp.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const card = style({
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
});

export const address = style({ fontStyle: 'normal' });

/**
 * The orders table: columns from a small tablet up; below, each order is a card of label/value rows (the labels
 * from each cell's `data-label`), since five columns need about 505 px (issue 24 §8: a 390 px phone scrolled sideways).
 */
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  textAlign: 'left',
  '@media': { [mediaBelow.sm]: { display: 'block' } },
});

export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [mediaBelow.sm]: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: vars.space['3'],
      padding: `${vars.space['1']} 0`,
      borderBottom: 'none',
    },
  },
});

globalStyle(`${table} thead`, { '@media': { [mediaBelow.sm]: visuallyHiddenRules } });
globalStyle(`${table} tbody`, { '@media': { [mediaBelow.sm]: { display: 'grid', gap: vars.space['3'] } } });
globalStyle(`${table} tr`, {
  '@media': {
    [mediaBelow.sm]: {
      display: 'grid',
      padding: vars.space['3'],
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.sm,
    },
  },
});
globalStyle(`${table} caption`, { '@media': { [mediaBelow.sm]: { display: 'block', textAlign: 'left' } } });
globalStyle(`${cell}[data-label]::before`, {
  '@media': {
    [mediaBelow.sm]: {
      content: 'attr(data-label)',
      fontWeight: vars.fontWeight.semibold,
      color: vars.color.inkMuted,
    },
  },
});
