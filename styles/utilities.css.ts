import { style } from '@vanilla-extract/css';
import { mediaUp } from './media';
import { vars } from './theme.css';
import { containerMaxWidths, containerPadding } from './tokens';

/** The page column: fluid below `sm`, then the max widths and paddings of SPEC §2. */
export const container = style({
  width: '100%',
  marginInline: 'auto',
  paddingInline: containerPadding.default,
  '@media': {
    [mediaUp.sm]: { maxWidth: containerMaxWidths.sm, paddingInline: containerPadding.sm },
    [mediaUp.md]: { maxWidth: containerMaxWidths.md },
    [mediaUp.lg]: { maxWidth: containerMaxWidths.lg, paddingInline: containerPadding.lg },
    [mediaUp.xl]: { maxWidth: containerMaxWidths.xl, paddingInline: containerPadding.xl },
    [mediaUp['2xl']]: { paddingInline: containerPadding['2xl'] },
  },
});

/** The rules of `visuallyHidden`, for use inside a media query (`'@media': { [q]: visuallyHiddenRules }`). */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Hidden on screen, still read by assistive technology (labels of icon controls, headings of regions). */
export const visuallyHidden = style(visuallyHiddenRules);

/** "Skip to content": the first focusable element, shown when focused. */
export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      '&:focus, &:focus-visible': {
        position: 'fixed',
        top: vars.space['2'],
        left: vars.space['2'],
        width: 'auto',
        height: 'auto',
        margin: 0,
        clip: 'auto',
        overflow: 'visible',
        zIndex: vars.zIndex.modal,
        padding: `${vars.space['3']} ${vars.space['4']}`,
        backgroundColor: vars.color.white,
        color: vars.color.ink,
        fontWeight: vars.fontWeight.bold,
        borderRadius: vars.radius.md,
        boxShadow: vars.shadow.panel,
      },
    },
  },
]);
