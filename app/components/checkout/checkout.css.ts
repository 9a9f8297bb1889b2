import { globalStyle, style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

/**
 * The checkout's look (issue 24 §7): fieldsets as the store's panels rather than the browser's grooves, selects
 * like the text fields, room between a label and its field, and on a phone the order summary before the form.
 */
export const layout = style({
  display: 'grid',
  gap: vars.space['8'],
  '@media': {
    [mediaUp.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', alignItems: 'start' },
  },
});

/** First in the page (read before Place order on a phone), in the right-hand column from `lg` up. */
export const summary = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  backgroundColor: vars.color.sand,
  borderRadius: vars.radius.md,
  '@media': { [mediaUp.lg]: { gridColumn: '2', gridRow: '1', position: 'sticky', top: vars.space['4'] } },
});

export const form = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [mediaUp.lg]: { gridColumn: '1', gridRow: '1' } },
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space['4'],
  minWidth: 0,
  margin: 0,
  padding: vars.space['6'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.white,
});

export const legend = style({
  paddingInline: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
  color: vars.color.ink,
});

export const select = style({
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.inkMuted}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  font: 'inherit',
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '2.75rem',
});

// The kit's text fields inside the checkout: a little more air between label and field, fields of one height.
globalStyle(`${fieldset} label + div, ${fieldset} label + p`, { marginTop: vars.space['1'] });
globalStyle(`${fieldset} input:not([type="radio"]):not([type="checkbox"])`, {
  minHeight: '2.75rem',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.white,
});

export const summaryLines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});

export const summaryLine = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingBlockEnd: vars.space['3'],
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const muted = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const recap = style({ display: 'grid', gap: vars.space['6'], maxWidth: '40rem' });

export const address = style({ fontStyle: 'normal', margin: 0 });
