/**
 * Design tokens of SPEC §2, defined once. Plain values with no styling runtime, so that server code and
 * helpers (the image `sizes` builder, tests) can import them; `theme.css.ts` turns them into CSS variables
 * and `media.ts` into media queries.
 */

/** Layout breakpoints: the largest width, in px, of each range (small ≤ 639, medium ≤ 767, large ≤ 1023). */
export const breakpoints = { small: 639, medium: 767, large: 1023 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Theme widths in px: the lower bound of each named screen size; image size hints are built from these. */
export const themeWidths = {
  '2xs': 280,
  xs: 375,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
} as const;
export type ThemeWidth = keyof typeof themeWidths;

/** Container max width (px) from each theme width up; below `sm` the container is fluid. */
export const containerMaxWidths = { sm: 640, md: 700, lg: 970, xl: 1280 } as const;

/** Container inline padding from each theme width up (`default` applies below `sm`). */
export const containerPadding = {
  default: '1rem',
  sm: '2rem',
  lg: '4rem',
  xl: '5rem',
  '2xl': '6rem',
} as const;

/**
 * Stacking order of the page's layers. Literal z-indexes elsewhere stay at 1 or 2, for layering inside one
 * component.
 */
export const zIndex = {
  overlay: 90,
  stickyFiltersDesktop: 95,
  stickyHeader: 100,
  stickyFiltersMobile: 105,
  promoBar: 110,
  sidebar: 150,
  modal: 1_000_000,
} as const;

/**
 * Colours. Contrast ratios (WCAG 2 relative luminance) are noted where a pair is meant for text:
 * `brandText` on white 5.18:1, on `sand` 4.75:1; `ink` on `brand` 5.72:1, on `brandHover` 4.68:1;
 * `brand` on `night` 5.72:1; `inkMuted` on white 7.56:1; `inkSubtle` on white 4.83:1 (white only);
 * `onDarkMuted` on `night` 9.49:1; white on `forest` 11.96:1; `successOnDark` on `nightDeep` 13.3:1 and
 * `dangerOnDark` 9.8:1 (messages on the footer: `success` and `danger` are for light surfaces only).
 * `brand` itself is too light for text on white (3.12:1): use it for fills, large accents and text on dark.
 */
export const colors = {
  brand: '#F26722',
  brandHover: '#E0561B',
  brandText: '#C2410C',
  brandTextHover: '#9A3412',
  ink: '#15181B',
  inkMuted: '#4B5563',
  inkSubtle: '#6B7280',
  white: '#FFFFFF',
  sand: '#F7F5F0',
  stone: '#E8E4DC',
  border: '#D9D6CF',
  night: '#15181B',
  nightDeep: '#101214',
  nightRaised: '#1F2428',
  nightBorder: '#2E3338',
  onDark: '#FFFFFF',
  onDarkMuted: '#B3B9C0',
  forest: '#2D3A2E',
  danger: '#B42318',
  success: '#166534',
  dangerOnDark: '#FCA5A5',
  successOnDark: '#86EFAC',
} as const;

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  heading:
    '"Barlow Condensed", "Roboto Condensed", "Arial Narrow", "Liberation Sans Narrow", "Helvetica Neue", Arial, sans-serif',
} as const;

export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
  '3xl': '2.25rem',
  '4xl': '3rem',
  '5xl': '4rem',
} as const;

export const space = {
  '0': '0',
  '1': '0.25rem',
  '2': '0.5rem',
  '3': '0.75rem',
  '4': '1rem',
  '5': '1.25rem',
  '6': '1.5rem',
  '8': '2rem',
  '10': '2.5rem',
  '12': '3rem',
  '16': '4rem',
  '20': '5rem',
} as const;

/** Mobile sidebar width (SPEC §2) and the popup widths of the header panels. */
export const panelWidths = { sidebar: '18.75rem', cart: '26rem', signIn: '23rem' } as const;
