import { createGlobalTheme } from '@vanilla-extract/css';
import { colors, fonts, fontSizes, panelWidths, space, zIndex } from './tokens';

const asStrings = <T extends Record<string, number>>(values: T) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])) as {
    [K in keyof T]: string;
  };

/**
 * The theme as CSS custom properties on :root. Style files use `vars.*` (e.g. `color: vars.color.brandText`,
 * `zIndex: vars.zIndex.stickyHeader`), never literal colours, sizes or stacking values.
 */
export const vars = createGlobalTheme(':root', {
  color: colors,
  font: fonts,
  fontSize: fontSizes,
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.1', snug: '1.3', normal: '1.5' },
  letterSpacing: { normal: '0', wide: '0.04em', wider: '0.08em' },
  space,
  radius: { sm: '2px', md: '4px', lg: '8px', full: '9999px' },
  shadow: {
    panel: '0 12px 32px rgba(16, 18, 20, 0.18)',
    card: '0 1px 2px rgba(16, 18, 20, 0.08)',
  },
  zIndex: asStrings(zIndex),
  width: panelWidths,
  duration: { fast: '120ms', normal: '200ms' },
});
