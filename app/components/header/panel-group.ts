/**
 * The header's disclosures (search, burger menu, promo bar) share this `<details name>`: the browser keeps at
 * most one of them open, so opening one closes the others (SPEC §4 "Only one panel is active at a time").
 */
export const HEADER_PANEL_GROUP = 'header-panel';

/**
 * The top-level `<details>` share a name: the browser keeps one open (a second panel opened closes the first, with
 * and without JavaScript). Below lg every level of the sidebar, the burger and the sidebar's overlay share it too,
 * so each state of the sidebar is one open `<details>` and opening the burger closes whatever level was open: the
 * sidebar opens at its top level every time, without JavaScript too (main-navigation.tsx, decision 046).
 */
export const TOP_LEVEL_GROUP = 'main-navigation';
