import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const nav = style({ fontSize: vars.fontSize.sm, paddingBlock: vars.space['4'] });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Separators are drawn (a small chevron), so assistive technology reads only the list. */
export const crumb = style({
  display: 'inline-flex',
  alignItems: 'center',
  selectors: {
    '& + &::before': {
      content: '""',
      width: '0.4rem',
      height: '0.4rem',
      marginInline: vars.space['3'],
      borderTop: `1.5px solid ${vars.color.inkSubtle}`,
      borderRight: `1.5px solid ${vars.color.inkSubtle}`,
      transform: 'rotate(45deg)',
    },
  },
});

/** At least 24 × 24 px to tap (WCAG 2.5.8, Lighthouse's target size): the trail's links are short small text. */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  minWidth: '24px',
  color: vars.color.inkMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.brandText, textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.ink, fontWeight: vars.fontWeight.semibold },
  },
});
