import { globalStyle, style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { fieldError, formError, formSuccess } from '../forms/fields.css';

export const footer = style({
  marginTop: 'auto',
  backgroundColor: vars.color.nightDeep,
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
});

export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['10'],
  paddingBlock: vars.space['12'],
  '@media': {
    [mediaUp.lg]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)', gap: vars.space['16'] },
  },
});

export const newsletterHeading = style({
  color: vars.color.onDark,
  fontSize: vars.fontSize['2xl'],
});

// The newsletter's outcome on the dark footer (issue 24 §8: the light-surface colours read 1.5:1 and 2.5:1 here).
globalStyle(`${footer} ${formSuccess}`, { color: vars.color.successOnDark });
globalStyle(`${footer} ${formError}, ${footer} ${fieldError}`, { color: vars.color.dangerOnDark });

export const newsletterText = style({ marginBlock: `${vars.space['2']} ${vars.space['4']}` });

export const label = style({
  display: 'block',
  marginBottom: vars.space['2'],
  color: vars.color.onDark,
  fontWeight: vars.fontWeight.semibold,
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  height: '2.75rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.nightBorder}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
});

export const groups = style({
  display: 'grid',
  '@media': { [mediaUp.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['8'] } },
});

/**
 * A link group collapses on small screens only. From `md` up its content is shown even while the
 * `<details>` is closed (`::details-content`); with JavaScript the footer also sets `open`, so the state
 * assistive technology reads matches, and browsers without `::details-content` show the links too.
 */
export const group = style({
  borderBottom: `1px solid ${vars.color.nightBorder}`,
  '@media': {
    [mediaUp.md]: {
      borderBottom: 0,
      selectors: { '&::details-content': { contentVisibility: 'visible' } },
    },
  },
});

export const groupSummary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '3rem',
  color: vars.color.onDark,
  '@media': { [mediaUp.md]: { minHeight: 0, marginBottom: vars.space['3'], pointerEvents: 'none' } },
});

export const groupTitle = style({ fontSize: vars.fontSize.lg });

export const chevron = style({
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${group}[open] &`]: { transform: 'rotate(180deg)' } },
  '@media': { [mediaUp.md]: { display: 'none' } },
});

export const links = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: `0 0 ${vars.space['4']}`,
  listStyle: 'none',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  paddingBlock: vars.space['1'],
  color: vars.color.onDarkMuted,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.onDark, textDecoration: 'underline' } },
});

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  paddingBlock: vars.space['6'],
  borderTop: `1px solid ${vars.color.nightBorder}`,
});

export const social = style({
  display: 'flex',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.nightBorder}`,
  color: vars.color.onDark,
  selectors: {
    '&:hover': { color: vars.color.ink, backgroundColor: vars.color.brand, borderColor: vars.color.brand },
  },
});

export const legal = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['5']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const copyright = style({ width: '100%', color: vars.color.onDarkMuted });

/** A signed-in customer's footer leaves out "Sign In" and "Create an Account" (footer-links.tsx). */
globalStyle(`${footer}[data-signed-in] [data-signed-out-only]`, { display: 'none' });
