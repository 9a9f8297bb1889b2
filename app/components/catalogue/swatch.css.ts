import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const swatch = style({
  display: 'block',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  objectFit: 'cover',
  backgroundColor: vars.color.stone,
  selectors: {
    // The colourway a card shows under a colour filter (swatch.tsx `shownId`).
    '[aria-current="true"] > &': { outline: `2px solid ${vars.color.ink}`, outlineOffset: '1px' },
  },
});

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const more = style({ fontSize: vars.fontSize.xs, color: vars.color.inkMuted });
