import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Footer, Social } from '../../../server/content/public';
import { FooterGroups, LegalItems, SocialItems } from './footer-links';
import type { FooterMarkup } from './footer-markup';

/** One set of strings per footer and social document (the content service keeps one object until they change). */
const rendered = new WeakMap<Footer, { social: Social; markup: FooterMarkup }>();

/** The footer's links as HTML, rendered once and reused by every page (footer-markup.tsx). */
export function footerMarkup(footer: Footer, social: Social): FooterMarkup {
  const cached = rendered.get(footer);
  if (cached && cached.social === social) return cached.markup;
  const markup = {
    groups: renderToStaticMarkup(createElement(FooterGroups, { footer })),
    social: renderToStaticMarkup(createElement(SocialItems, { social })),
    legal: renderToStaticMarkup(createElement(LegalItems, { footer })),
  };
  rendered.set(footer, { social, markup });
  return markup;
}
