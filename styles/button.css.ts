import { style, styleVariants } from '@vanilla-extract/css';
import { displayType } from './typography.css';
import { vars } from './theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  paddingInline: vars.space['6'],
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  ...displayType,
  fontSize: vars.fontSize.lg,
  letterSpacing: vars.letterSpacing.wider,
  textDecoration: 'none',
  lineHeight: 1,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
});

/**
 * Button looks for `<button>` and button-like links: `className={button.primary}`.
 * primary: orange fill with dark text (stone when disabled); secondary: outlined on light surfaces; inverse: outlined on dark.
 */
export const button = styleVariants({
  primary: [
    base,
    {
      backgroundColor: vars.color.brand,
      color: vars.color.ink,
      selectors: {
        '&:hover': { backgroundColor: vars.color.brandHover, color: vars.color.ink },
        // Disabled reads as unavailable, not as an orange call to act (issue 24 §7: an empty cart's Checkout).
        '&:disabled, &:disabled:hover': {
          backgroundColor: vars.color.stone,
          color: vars.color.inkMuted,
          cursor: 'not-allowed',
        },
      },
    },
  ],
  secondary: [
    base,
    {
      backgroundColor: 'transparent',
      borderColor: vars.color.ink,
      color: vars.color.ink,
      selectors: {
        '&:hover': { backgroundColor: vars.color.ink, color: vars.color.white },
      },
    },
  ],
  inverse: [
    base,
    {
      backgroundColor: 'transparent',
      borderColor: vars.color.onDark,
      color: vars.color.onDark,
      selectors: {
        '&:hover': { backgroundColor: vars.color.onDark, color: vars.color.ink },
      },
    },
  ],
});
