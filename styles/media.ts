import { breakpoints, themeWidths, type Breakpoint, type ThemeWidth } from './tokens';

/**
 * Media queries built from the tokens, for vanilla-extract's `'@media'` blocks. `mediaUp` is mobile-first
 * (from a theme width up) and `mediaBelow` its exact complement (below a theme width); `mediaDown` matches
 * the layout ranges of SPEC §2 (up to and including a range), so `mediaDown.large` equals `mediaBelow.lg`.
 */
export const mediaUp = Object.fromEntries(
  Object.entries(themeWidths).map(([name, px]) => [name, `screen and (min-width: ${px}px)`]),
) as Record<ThemeWidth, string>;

export const mediaBelow = Object.fromEntries(
  Object.entries(themeWidths).map(([name, px]) => [name, `screen and (max-width: ${px - 1}px)`]),
) as Record<ThemeWidth, string>;

export const mediaDown = Object.fromEntries(
  Object.entries(breakpoints).map(([name, px]) => [name, `screen and (max-width: ${px}px)`]),
) as Record<Breakpoint, string>;

export const reducedMotion = '(prefers-reduced-motion: reduce)';
