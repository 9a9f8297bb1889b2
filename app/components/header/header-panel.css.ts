import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/**
 * The round icon control of a header disclosure (`<summary>`), shared by the search and the burger menu so
 * they match the icon links beside them.
 */
export const iconToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minWidth: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  color: vars.color.onDark,
  selectors: {
    '&:hover': { color: vars.color.brand, backgroundColor: vars.color.nightRaised },
  },
});
