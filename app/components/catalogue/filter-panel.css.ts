import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

/**
 * From desktops up the filters are a sidebar beside the grid. Below that they stay out of the way until the
 * shopper opens them: then they cover the screen as the filters modal (SPEC §2 overlay panels).
 */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  '@media': {
    [mediaBelow.lg]: { display: 'none' },
  },
});

export const open = style({
  '@media': {
    [mediaBelow.lg]: {
      display: 'flex',
      position: 'fixed',
      inset: 0,
      zIndex: vars.zIndex.modal,
      overflowY: 'auto',
      padding: vars.space['4'],
      backgroundColor: vars.color.white,
    },
  },
});

export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
});

export const heading = style({ fontSize: vars.fontSize.xl });

/** The modal's count of results (issue 9 §6); the toolbar shows it beside the sidebar on a desktop. */
export const resultCount = style({
  marginInlineEnd: 'auto',
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [mediaUp.lg]: { display: 'none' } },
});

/** The close control exists for the modal only. */
export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space['3'],
  color: vars.color.ink,
  background: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  font: 'inherit',
  '@media': { [mediaUp.lg]: { display: 'none' } },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space['4'],
  paddingInline: 0,
  margin: 0,
  minWidth: 0,
});

export const legend = style({
  float: 'left',
  width: '100%',
  marginBottom: vars.space['2'],
  padding: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  clear: 'both',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2rem',
  cursor: 'pointer',
});

globalStyle(`${option} input`, { width: '1.125rem', height: '1.125rem', accentColor: vars.color.ink });

export const count = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

/** In the modal, Apply stays in reach at the bottom of the screen however long the list of facets. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  '@media': {
    [mediaBelow.lg]: {
      selectors: {
        [`${open} &`]: {
          position: 'sticky',
          bottom: `calc(-1 * ${vars.space['4']})`,
          marginInline: `calc(-1 * ${vars.space['4']})`,
          padding: vars.space['4'],
          backgroundColor: vars.color.white,
          borderTop: `1px solid ${vars.color.border}`,
        },
      },
    },
  },
});

export const clearLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  color: vars.color.ink,
});

/** The chips of the active filters, each a link that removes its value. */
export const chips = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.25rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { borderColor: vars.color.ink, color: vars.color.ink } },
});

export const swatch = style({
  display: 'inline-block',
  flex: 'none',
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  objectFit: 'cover',
  backgroundColor: vars.color.stone,
});
