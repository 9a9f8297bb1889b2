import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
});

export const badge = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  paddingInline: vars.space['2'],
  paddingBlock: vars.space['1'],
  borderRadius: '2px',
});

/** White on brandText 5.18:1, on night and forest above 11:1; ink on stone above 12:1. */
export const tone = styleVariants({
  sale: { backgroundColor: vars.color.brandText, color: vars.color.white },
  exclusive: { backgroundColor: vars.color.night, color: vars.color.white },
  new: { backgroundColor: vars.color.forest, color: vars.color.white },
  'new-color': { backgroundColor: vars.color.forest, color: vars.color.white },
  custom: { backgroundColor: vars.color.stone, color: vars.color.ink },
});
