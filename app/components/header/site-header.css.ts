import { style } from '@vanilla-extract/css';
import { mediaBelow, mediaUp } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.stickyHeader,
  backgroundColor: vars.color.night,
  color: vars.color.onDark,
  borderBottom: `1px solid ${vars.color.nightBorder}`,
  transition: `transform ${vars.duration.normal} ease`,
  selectors: {
    // Only while hidden: a transform would make the header the containing block of the fixed sidebar.
    '&[data-hidden="true"]': { transform: 'translateY(-100%)' },
  },
});

/** Wider than the page container: the desktop header holds the logo, eight menu items and the actions. */
export const bar = style({
  display: 'grid',
  // Burger | logo | actions below lg; logo | navigation | actions from lg.
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '4rem',
  paddingInline: vars.space['4'],
  marginInline: 'auto',
  maxWidth: '1536px',
  '@media': {
    [mediaUp.sm]: { paddingInline: vars.space['8'] },
    [mediaUp.lg]: { minHeight: '4.5rem', gap: vars.space['4'] },
  },
});

/** Column 2 below lg (the burger is left of it), column 1 from lg (the navigation is right of it). */
export const logo = style({
  gridColumn: '2',
  gridRow: '1',
  display: 'block',
  justifySelf: 'center',
  borderRadius: vars.radius.sm,
  '@media': { [mediaUp.lg]: { gridColumn: '1', justifySelf: 'start' } },
});

export const logoImage = style({
  width: '6rem',
  maxWidth: 'none',
  height: 'auto',
  '@media': {
    [mediaUp.xs]: { width: '7rem' },
    [mediaUp.sm]: { width: '8rem' },
    [mediaUp.xl]: { width: '9.5rem' },
  },
});

export const actions = style({
  gridColumn: '3',
  gridRow: '1',
  justifySelf: 'end',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const iconLink = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  color: vars.color.onDark,
  selectors: {
    '&:hover': { color: vars.color.brand, backgroundColor: vars.color.nightRaised },
  },
});

/** The item count on the cart icon: dark text on orange (5.72:1). */
export const badge = style({
  position: 'absolute',
  top: '0.2rem',
  right: '0.1rem',
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: '0.3rem',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.brand,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.25rem',
  textAlign: 'center',
});

/** On the narrowest phones the account link lives in the burger menu only, to leave the logo room. */
export const accountLink = style({ '@media': { [mediaBelow.xs]: { display: 'none' } } });
