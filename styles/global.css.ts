import { globalStyle } from '@vanilla-extract/css';
import { reducedMotion } from './media';
import { vars } from './theme.css';
import { displayType } from './typography.css';

/* A small modern reset. */
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('*', { margin: 0 });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollPaddingTop: '6rem',
});
globalStyle('body', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.ink,
  backgroundColor: vars.color.white,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('img, picture, svg, video', { display: 'block', maxWidth: '100%' });
globalStyle('img', { height: 'auto' });
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });
globalStyle('p, h1, h2, h3, h4, h5, h6', { overflowWrap: 'break-word' });
globalStyle('h1, h2, h3, h4, h5, h6', { ...displayType, lineHeight: vars.lineHeight.tight });
globalStyle('ul[role="list"], ol[role="list"]', { listStyle: 'none', padding: 0 });
globalStyle('a', { color: vars.color.brandText, textUnderlineOffset: '0.2em' });
globalStyle('a:hover', { color: vars.color.brandTextHover });
/* Disclosures draw their own chevrons. */
globalStyle('summary', { cursor: 'pointer', listStyle: 'none' });
globalStyle('summary::-webkit-details-marker', { display: 'none' });

/* One visible focus style everywhere: the brand orange reaches 3:1 on white and on the dark surfaces. */
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.brand}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });
/* Targets focused by script or a skip link (tabindex="-1") are not controls: no ring around them. */
globalStyle('[tabindex="-1"]:focus', { outline: 'none' });

globalStyle('*, *::before, *::after', {
  '@media': {
    [reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
