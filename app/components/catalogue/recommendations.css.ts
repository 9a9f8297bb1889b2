import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const strip = style({ display: 'grid', gap: vars.space['4'] });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const heading = style({ fontSize: vars.fontSize['2xl'] });
export const controls = style({ display: 'flex', gap: vars.space['2'] });
export const control = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '2.75rem',
  paddingInline: vars.space['4'],
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.sand },
    '&:disabled': { borderColor: vars.color.border, color: vars.color.inkMuted, cursor: 'default' },
  },
});
/** A sideways row of cards: two in view on phones, five from desktops. */
export const row = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '45%',
  gap: vars.space['4'],
  overflowX: 'auto',
  // The scrollbar shows: without JavaScript it is the control that reaches the cards out of view.
  scrollbarWidth: 'thin',
  scrollSnapType: 'x proximity',
  listStyle: 'none',
  padding: 0,
  paddingBottom: vars.space['2'],
  '@media': {
    [mediaUp.md]: { gridAutoColumns: '30%' },
    [mediaUp.lg]: { gridAutoColumns: '19%' },
  },
});
export const item = style({ minWidth: 0, scrollSnapAlign: 'start' });
