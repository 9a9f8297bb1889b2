import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** A link on its own line, not in a sentence: at least 24 px high (WCAG 2.5.8 target size; Lighthouse's tap targets). */
export const openLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '1.5rem',
  color: vars.color.brandText,
  textDecoration: 'underline',
  justifySelf: 'start',
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: 'rgb(0 0 0 / 0.6)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
});

export const dialog = style({
  backgroundColor: vars.color.white,
  color: vars.color.ink,
  maxWidth: '40rem',
  width: '100%',
  maxHeight: '90vh',
  overflow: 'auto',
  padding: vars.space['6'],
  display: 'grid',
  gap: vars.space['4'],
});

export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' });
export const title = style({ fontSize: vars.fontSize.xl });
export const close = style({ color: vars.color.ink, fontWeight: 600 });
export const caption = style({
  textAlign: 'start',
  color: vars.color.inkMuted,
  paddingBlockEnd: vars.space['2'],
});
export const table = style({ width: '100%', borderCollapse: 'collapse' });

globalStyle(`${table} th, ${table} td`, {
  borderBlockEnd: `1px solid ${vars.color.border}`,
  padding: vars.space['2'],
  textAlign: 'start',
});
