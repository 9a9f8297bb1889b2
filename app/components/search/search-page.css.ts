import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const didYouMean = style({ fontSize: vars.fontSize.lg });

export const noResults = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['12'],
  textAlign: 'center',
});

export const noResultsTitle = style({ fontSize: vars.fontSize.xl });

/** Term chips (suggested searches), shared by the header's suggestions and the empty results page. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  justifyContent: 'center',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.25rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.ink, backgroundColor: vars.color.sand } },
});
