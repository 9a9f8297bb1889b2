import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const lines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
});

export const line = style({
  display: 'grid',
  gridTemplateColumns: '5rem 1fr',
  gap: vars.space['3'],
  paddingBlockEnd: vars.space['4'],
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const image = style({
  width: '5rem',
  height: '5rem',
  objectFit: 'contain',
  background: vars.color.sand,
});

export const lineBody = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });

export const lineName = style({ fontWeight: 600, color: vars.color.ink });

export const options = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

export const proLabel = style({ color: vars.color.success, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const quantityForm = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'] });

export const stepButton = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.white,
  color: vars.color.ink,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed', color: vars.color.inkSubtle } },
});

export const quantityInput = style({
  width: '3.5rem',
  minHeight: '2.75rem',
  textAlign: 'center',
  border: `1px solid ${vars.color.border}`,
});

/** Visually after the − / field / + group, first in the DOM so Enter in the field submits it. */
export const updateButton = style({ order: 4 });
export const decrease = style({ order: 1 });
export const quantityField = style({ order: 2 });
export const increase = style({ order: 3 });

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: vars.space['1'],
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '2.75rem',
});

export const totals = style({ display: 'grid', gap: vars.space['2'], margin: 0 });

export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['3'] });

export const grandTotal = style([totalRow, { fontWeight: 700, fontSize: vars.fontSize.lg }]);

export const notification = style({ margin: 0, color: vars.color.success, fontWeight: 600 });

export const error = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });

export const page = style({ paddingBlock: vars.space['8'], display: 'grid', gap: vars.space['6'] });

export const pageLayout = style({
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [mediaUp.lg]: { gridTemplateColumns: '2fr 1fr', alignItems: 'start' } },
});

export const addForm = style({ display: 'grid', gap: vars.space['2'], marginBlock: vars.space['4'] });

/**
 * Add to Cart's place when nothing can be added ("Select a size", "Sold out"): a disabled button that reads as a state,
 * not as a call to act (issue 24 §11: a filled block looked clickable). No fill, a dashed outline, muted text.
 */
export const unavailable = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space['6'],
  border: `2px dashed ${vars.color.inkSubtle}`,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.inkMuted,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'not-allowed',
});

/** The promotional-order checkbox (SPEC §4). */
export const promo = style({ display: 'grid', gap: vars.space['1'] });

export const promoRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
});

export const giftLink = style({
  justifySelf: 'start',
  color: vars.color.brandText,
  textDecoration: 'underline',
  minHeight: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
});

export const giftSection = style({ display: 'grid', gap: vars.space['4'] });

/** The gift-card form on the cart page: the store's form layout (issue 24 §4). */
export const giftForm = style({
  display: 'grid',
  gap: vars.space['4'],
  maxWidth: '36rem',
  padding: vars.space['6'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.white,
});

export const giftFields = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [mediaUp.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
