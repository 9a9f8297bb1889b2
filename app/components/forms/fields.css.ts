import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const field = style({ display: 'grid', gap: vars.space['2'] });
export const label = style({ fontWeight: vars.fontWeight.semibold });
export const hint = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const row = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const input = style({
  flex: '1 1 12rem',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.inkMuted}`,
  font: 'inherit',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.brandTextHover, borderWidth: '2px' },
  },
});
export const fieldError = style({
  color: vars.color.brandTextHover,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const checkboxField = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  alignItems: 'start',
});
export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.15rem',
  accentColor: vars.color.brandText,
});
export const checkboxLabel = style({ fontWeight: vars.fontWeight.semibold });
export const description = style({ gridColumn: '2', color: vars.color.inkMuted, margin: 0 });

const status = { fontWeight: vars.fontWeight.semibold, minHeight: '1.5em', margin: 0 } as const;
export const formSuccess = style({ ...status, color: vars.color.forest });
export const formError = style({ ...status, color: vars.color.brandTextHover });
