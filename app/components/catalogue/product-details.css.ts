import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const heading = style({ fontSize: vars.fontSize.xl });

export const subsection = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const subheading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const list = style({ margin: 0, paddingInlineStart: vars.space['5'], listStyle: 'disc' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const badge = style({
  paddingInline: vars.space['3'],
  paddingBlock: vars.space['1'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.forest,
  color: vars.color.white,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['2']} ${vars.space['6']}`,
});

export const term = style({ fontWeight: vars.fontWeight.semibold });

/** A dt/dd pair wrapped in a div (valid in a dl) that takes no box of its own in the grid. */
export const row = style({ display: 'contents' });

export const value = style({ margin: 0 });

export const capitalized = style({ textTransform: 'capitalize' });
