import { vars } from './theme.css';

/**
 * The display type of headings, menu labels and buttons: the condensed heading font, bold, uppercase and
 * tracked. Spread it into a style (`style({ ...displayType, fontSize: vars.fontSize.lg })`).
 * `fontStretch` picks the condensed face of a fallback family where one exists (Helvetica Neue, Arial).
 */
export const displayType = {
  fontFamily: vars.font.heading,
  fontStretch: 'condensed',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wide,
  textTransform: 'uppercase',
} as const;
