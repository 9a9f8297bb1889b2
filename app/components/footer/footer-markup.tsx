import { createContext, useContext } from 'react';

/**
 * The footer's links as HTML (footer-links.tsx), rendered once per footer document on the server
 * (footer-markup.server.ts) and provided to the render by entry.server, as the header's menu is
 * (navigation-markup.tsx). The browser keeps the server's markup: the components and glyphs that draw the links are
 * not in its scripts (decision 056).
 */
export type FooterMarkup = { groups: string; social: string; legal: string };

const FooterMarkupContext = createContext<FooterMarkup | null>(null);
export const FooterMarkupProvider = FooterMarkupContext.Provider;
export const useServerFooterMarkup = () => useContext(FooterMarkupContext);

/** The ids of the elements whose content is the server's markup, by which the browser finds it again. */
export const FOOTER_MARKUP_IDS: Record<keyof FooterMarkup, string> = {
  groups: 'footer-groups',
  social: 'footer-social',
  legal: 'footer-legal',
};
