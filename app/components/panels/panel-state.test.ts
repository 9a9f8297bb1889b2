import { describe, expect, it } from 'vitest';
import {
  initialPanelState,
  panelFromSearch,
  panelReducer,
  PANEL_NAMES,
  searchWithFlagsReset,
  searchWithoutPanelFlags,
  searchWithPanel,
  type PanelAction,
  type PanelState,
} from './panel-state';

const state = (overrides: Partial<PanelState> = {}): PanelState => ({ ...initialPanelState(), ...overrides });

type Row = { rule: string; from: Partial<PanelState>; action: PanelAction; to: Partial<PanelState> };

/** SPEC §4 "Panels", one row per transition. `to` lists the fields that must hold after the action. */
const transitions: Row[] = [
  // "The active panel is one of none, promobar, search, cart, signup, signin or reset-password."
  ...PANEL_NAMES.map((panel) => ({
    rule: `set ${panel} from none`,
    from: {},
    action: { type: 'set', panel } as const,
    to: { active: panel },
  })),
  // "Setting one replaces the others."
  {
    rule: 'set replaces another panel',
    from: { active: 'cart' },
    action: { type: 'set', panel: 'signin' },
    to: { active: 'signin' },
  },
  {
    rule: 'set replaces the promo bar',
    from: { active: 'promobar' },
    action: { type: 'set', panel: 'cart' },
    to: { active: 'cart' },
  },
  {
    rule: 'set the same panel keeps it',
    from: { active: 'cart' },
    action: { type: 'set', panel: 'cart' },
    to: { active: 'cart' },
  },
  {
    rule: 'set none closes',
    from: { active: 'signup' },
    action: { type: 'set', panel: 'none' },
    to: { active: 'none' },
  },
  // "Toggling the same one closes it."
  {
    rule: 'toggle opens a closed panel',
    from: {},
    action: { type: 'toggle', panel: 'cart' },
    to: { active: 'cart' },
  },
  {
    rule: 'toggle the same closes it',
    from: { active: 'cart' },
    action: { type: 'toggle', panel: 'cart' },
    to: { active: 'none' },
  },
  {
    rule: 'toggle another replaces',
    from: { active: 'cart' },
    action: { type: 'toggle', panel: 'promobar' },
    to: { active: 'promobar' },
  },
  {
    rule: 'toggle search closed clears the query',
    from: { active: 'search', query: 'jacket' },
    action: { type: 'toggle', panel: 'search' },
    to: { active: 'none', query: '' },
  },
  { rule: 'close', from: { active: 'reset-password' }, action: { type: 'close' }, to: { active: 'none' } },
  {
    rule: 'release the active panel closes it',
    from: { active: 'promobar' },
    action: { type: 'release', panel: 'promobar' },
    to: { active: 'none' },
  },
  {
    rule: 'release another panel changes nothing',
    from: { active: 'cart' },
    action: { type: 'release', panel: 'promobar' },
    to: { active: 'cart' },
  },
  {
    rule: 'release search clears the query',
    from: { active: 'search', query: 'x' },
    action: { type: 'release', panel: 'search' },
    to: { active: 'none', query: '' },
  },
  {
    rule: 'close keeps the menu',
    from: { active: 'none', menuOpen: true },
    action: { type: 'close' },
    to: { menuOpen: true },
  },
  // "Leaving a page resets the panels, keeping screen size and modal."
  {
    rule: 'navigate resets panels, keeps screen and modal',
    from: { active: 'search', menuOpen: true, query: 'boots', screen: 'small', modal: 'size-chart' },
    action: { type: 'navigate' },
    to: { active: 'none', menuOpen: false, query: '', screen: 'small', modal: 'size-chart' },
  },
  {
    rule: 'navigate to a URL with a panel flag opens that panel',
    from: { active: 'promobar', screen: 'large' },
    action: { type: 'navigate', panel: 'cart' },
    to: { active: 'cart', screen: 'large', modal: null },
  },
  // "Opening the burger menu clears the active panel."
  {
    rule: 'openMenu clears the active panel',
    from: { active: 'cart' },
    action: { type: 'openMenu' },
    to: { active: 'none', menuOpen: true },
  },
  {
    rule: 'openMenu from search clears the query',
    from: { active: 'search', query: 'hat' },
    action: { type: 'openMenu' },
    to: { active: 'none', menuOpen: true, query: '' },
  },
  {
    rule: 'toggleMenu opens',
    from: { active: 'promobar' },
    action: { type: 'toggleMenu' },
    to: { active: 'none', menuOpen: true },
  },
  {
    rule: 'toggleMenu closes',
    from: { menuOpen: true },
    action: { type: 'toggleMenu' },
    to: { menuOpen: false },
  },
  {
    rule: 'closeMenu',
    from: { menuOpen: true },
    action: { type: 'closeMenu' },
    to: { menuOpen: false, active: 'none' },
  },
  // "Opening search closes the menu."
  {
    rule: 'openSearch closes the menu',
    from: { menuOpen: true },
    action: { type: 'openSearch' },
    to: { active: 'search', menuOpen: false },
  },
  {
    rule: 'set search closes the menu',
    from: { menuOpen: true },
    action: { type: 'set', panel: 'search' },
    to: { active: 'search', menuOpen: false },
  },
  {
    rule: 'toggle search closes the menu',
    from: { menuOpen: true },
    action: { type: 'toggle', panel: 'search' },
    to: { active: 'search', menuOpen: false },
  },
  {
    rule: 'openSearch keeps the query typed so far',
    from: { active: 'search', query: 'cap' },
    action: { type: 'openSearch' },
    to: { active: 'search', query: 'cap' },
  },
  // Decision 006: any panel closes the sidebar, which would cover it.
  {
    rule: 'set cart closes the menu',
    from: { menuOpen: true },
    action: { type: 'set', panel: 'signin' },
    to: { active: 'signin', menuOpen: false },
  },
  // "Closing search clears the query."
  {
    rule: 'closeSearch clears the query',
    from: { active: 'search', query: 'gloves' },
    action: { type: 'closeSearch' },
    to: { active: 'none', query: '' },
  },
  {
    rule: 'closeSearch leaves another panel open',
    from: { active: 'cart', query: 'x' },
    action: { type: 'closeSearch' },
    to: { active: 'cart', query: '' },
  },
  {
    rule: 'leaving search for another panel clears the query',
    from: { active: 'search', query: 'vest' },
    action: { type: 'set', panel: 'cart' },
    to: { active: 'cart', query: '' },
  },
  {
    rule: 'setQuery',
    from: { active: 'search' },
    action: { type: 'setQuery', query: 'elk' },
    to: { active: 'search', query: 'elk' },
  },
  // Modals sit on top of the panels and do not change them.
  {
    rule: 'openModal keeps the panel',
    from: { active: 'cart' },
    action: { type: 'openModal', modal: 'filters' },
    to: { active: 'cart', modal: 'filters' },
  },
  { rule: 'closeModal', from: { modal: 'filters' }, action: { type: 'closeModal' }, to: { modal: null } },
  {
    rule: 'setScreen',
    from: { active: 'cart' },
    action: { type: 'setScreen', screen: 'medium' },
    to: { active: 'cart', screen: 'medium' },
  },
];

describe('panelReducer (SPEC §4 Panels)', () => {
  it.each(transitions)('$rule', ({ from, action, to }) => {
    const before = state(from);
    const after = panelReducer(before, action);
    expect(after).toMatchObject(to);
    expect(before).toEqual(state(from)); // pure: the old state is untouched
  });

  it('never holds more than one active panel, whatever the sequence', () => {
    let current = state();
    for (const panel of [...PANEL_NAMES, ...PANEL_NAMES]) {
      current = panelReducer(current, { type: 'toggle', panel });
      expect(typeof current.active).toBe('string');
      expect(current.active).toBe(panel);
    }
  });

  it.each([
    { action: { type: 'set', panel: 'cart' } as const, from: { active: 'cart' as const } },
    { action: { type: 'closeMenu' } as const, from: {} },
    { action: { type: 'setQuery', query: 'a' } as const, from: { query: 'a' } },
  ])('returns the same object when $action.type changes nothing', ({ action, from }) => {
    const before = state(from);
    expect(panelReducer(before, action)).toBe(before);
  });
});

describe('query flags (SPEC §2)', () => {
  it.each([
    ['', 'none'],
    ['?login', 'signin'],
    ['?login=true', 'signin'],
    ['?login=false', 'none'],
    ['?login=FALSE', 'none'],
    ['?create-an-account=true', 'signup'],
    ['?reset-password=1', 'reset-password'],
    ['?cart=true', 'cart'],
    ['?cart=', 'cart'],
    ['?page=2&cart=true', 'cart'],
    ['?cart=false&login=true', 'signin'],
    ['?q=login', 'none'],
    // Issue 10 §7: ?logout opens the sign-in panel when it does not sign out at once (decision 047).
    ['?logout', 'signin'],
    ['?logout=true', 'signin'],
    ['?logout=false', 'none'],
  ])('%s opens %s', (search, panel) => {
    expect(panelFromSearch(search)).toBe(panel);
  });

  it.each([
    ['?cart=true', ''],
    ['?page=2&cart=true&login', '?page=2'],
    ['?sort=price', '?sort=price'],
  ])('the close link of %s is "%s"', (search, expected) => {
    expect(searchWithoutPanelFlags(search)).toBe(expected);
  });

  it.each([
    ['', 'cart', '?cart=true'],
    ['?page=2&login=true', 'cart', '?page=2&cart=true'],
    ['?cart=false', 'signup', '?create-an-account=true'],
  ] as const)('opening from %s the %s panel links to %s', (search, panel, expected) => {
    expect(searchWithPanel(search, panel)).toBe(expected);
  });

  it.each([
    ['?cart=true', '?cart=false'],
    ['?page=2&login', '?page=2&login=false'],
    ['?cart=false', null],
    ['?page=2', null],
    ['?logout', '?logout=false'],
  ])('after opening, %s becomes %s', (search, expected) => {
    expect(searchWithFlagsReset(search)).toBe(expected);
  });
});
