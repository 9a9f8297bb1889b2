/** The content documents' types (SPEC §3 menu, promo bar, footer, home, SEO), for components. */
export type * from './schema';
