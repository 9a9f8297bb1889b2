/**
 * The header's disclosures (search, burger menu, promo bar) share this `<details name>`: the browser keeps at
 * most one of them open, so opening one closes the others (SPEC §4 "Only one panel is active at a time").
 */
export const HEADER_PANEL_GROUP = 'header-panel';
