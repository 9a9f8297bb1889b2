/**
 * The one panel state of the page (SPEC §2 "Overlay panels", §4 "Panels"), as a pure reducer: the provider
 * holds it with `useReducer`, the tests drive it table by table. No React, no DOM.
 */

import { CART_PANEL_FLAG, queryFlagIsOn as flagIsOn } from '../../../server/viewer/public';

/** The overlay panels; at most one is active. */
export const PANEL_NAMES = ['promobar', 'search', 'cart', 'signup', 'signin', 'reset-password'] as const;
export type PanelName = (typeof PANEL_NAMES)[number];
export type ActivePanel = PanelName | 'none';

/** The panels that are dialogs rendered by the panel host (the others live in the header). */
export const DIALOG_PANELS = ['cart', 'signin', 'signup', 'reset-password'] as const;
export type DialogPanel = (typeof DIALOG_PANELS)[number];
export const isDialogPanel = (panel: ActivePanel): panel is DialogPanel =>
  (DIALOG_PANELS as readonly string[]).includes(panel);

/** SPEC §2: Escape or an outside click closes the cart and sign-in panels. */
export const closesOnOutsideClick = (panel: DialogPanel) => panel === 'cart' || panel === 'signin';

/** Modals sit above the panels (z-index modal) and survive a change of page. */
export type ModalName = 'filters' | 'size-chart';

/** Layout ranges of SPEC §2 "Breakpoints" ('unknown' on the server, before the first measurement). */
export type ScreenSize = 'unknown' | 'small' | 'medium' | 'large' | 'wide';

export type PanelState = {
  active: ActivePanel;
  /** The burger menu's sidebar (small and medium screens). */
  menuOpen: boolean;
  modal: ModalName | null;
  /** The text in the header's search field. */
  query: string;
  screen: ScreenSize;
};

export type PanelAction =
  | { type: 'set'; panel: ActivePanel }
  | { type: 'toggle'; panel: PanelName }
  | { type: 'close' }
  /** Closes `panel` if it is the active one (a disclosure the browser closed, a scroll, a hover). */
  | { type: 'release'; panel: PanelName }
  | { type: 'openMenu' }
  | { type: 'closeMenu' }
  | { type: 'toggleMenu' }
  | { type: 'openSearch' }
  | { type: 'closeSearch' }
  | { type: 'setQuery'; query: string }
  | { type: 'openModal'; modal: ModalName }
  | { type: 'closeModal' }
  | { type: 'setScreen'; screen: ScreenSize }
  /** A change of page: panels reset, screen and modal kept; `panel` is the one the new URL asks for. */
  | { type: 'navigate'; panel?: ActivePanel };

export const initialPanelState = (active: ActivePanel = 'none'): PanelState => ({
  active,
  menuOpen: false,
  modal: null,
  query: '',
  screen: 'unknown',
});

/**
 * Makes `panel` the active one. Rules (SPEC §4): setting one replaces the others; leaving search clears the
 * query; opening search closes the menu. Any other panel closes the menu as well: the sidebar (z-index 150)
 * would otherwise cover the panel it opened (its "Sign In" link opens sign-in) — decision 011.
 */
function activate(state: PanelState, panel: ActivePanel): PanelState {
  const query = panel === 'search' ? state.query : state.active === 'search' ? '' : state.query;
  const menuOpen = panel === 'none' ? state.menuOpen : false;
  if (state.active === panel && state.query === query && state.menuOpen === menuOpen) return state;
  return { ...state, active: panel, query, menuOpen };
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'set':
      return activate(state, action.panel);
    case 'toggle':
      return activate(state, state.active === action.panel ? 'none' : action.panel);
    case 'close':
      return activate(state, 'none');
    case 'release':
      return state.active === action.panel ? activate(state, 'none') : state;
    case 'openMenu': {
      // Opening the burger menu clears the active panel (and so the search query with it).
      const cleared = activate(state, 'none');
      return cleared.menuOpen ? cleared : { ...cleared, menuOpen: true };
    }
    case 'closeMenu':
      return state.menuOpen ? { ...state, menuOpen: false } : state;
    case 'toggleMenu':
      return panelReducer(state, { type: state.menuOpen ? 'closeMenu' : 'openMenu' });
    case 'openSearch':
      return activate(state, 'search');
    case 'closeSearch':
      // Closing search clears the query; another active panel stays as it is.
      return state.active === 'search'
        ? activate(state, 'none')
        : state.query
          ? { ...state, query: '' }
          : state;
    case 'setQuery':
      return state.query === action.query ? state : { ...state, query: action.query };
    case 'openModal':
      return state.modal === action.modal ? state : { ...state, modal: action.modal };
    case 'closeModal':
      return state.modal === null ? state : { ...state, modal: null };
    case 'setScreen':
      return state.screen === action.screen ? state : { ...state, screen: action.screen };
    case 'navigate':
      return { ...initialPanelState(action.panel ?? 'none'), screen: state.screen, modal: state.modal };
  }
}

/**
 * Query flags of SPEC §2 that open a panel; a flag counts when present with any value but "false"
 * (`?cart`, `?cart=true`, `?cart=1`; the rule is the viewer's, which the server's choice of a shared copy uses
 * too). The first flag in this order wins. `?logout` starts a sign-out (issue 10 §7): the root loader signs the
 * customer out when the navigation is their own (decision 047); otherwise (another site's link) the page opens
 * the sign-in panel, which offers a signed-in customer the Sign Out button, and a signed-out visitor signs in.
 */
export const PANEL_FLAGS = {
  login: 'signin',
  logout: 'signin',
  'create-an-account': 'signup',
  'reset-password': 'reset-password',
  [CART_PANEL_FLAG]: 'cart',
} as const satisfies Record<string, DialogPanel>;
export type PanelFlag = keyof typeof PANEL_FLAGS;

export const FLAG_OF_PANEL: Record<DialogPanel, PanelFlag> = {
  signin: 'login',
  signup: 'create-an-account',
  'reset-password': 'reset-password',
  cart: 'cart',
};

export function panelFromSearch(search: string | URLSearchParams): DialogPanel | 'none' {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const [flag, panel] of Object.entries(PANEL_FLAGS)) {
    if (flagIsOn(params, flag)) return panel;
  }
  return 'none';
}

/** `search` without any panel flag (the close link of a server-rendered panel). */
export function searchWithoutPanelFlags(search: string): string {
  const params = new URLSearchParams(search);
  for (const flag of Object.keys(PANEL_FLAGS)) params.delete(flag);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** `search` opening `panel`: its flag set to true, other panel flags removed (one panel at a time). */
export function searchWithPanel(search: string, panel: DialogPanel): string {
  const params = new URLSearchParams(searchWithoutPanelFlags(search));
  params.set(FLAG_OF_PANEL[panel], 'true');
  return `?${params.toString()}`;
}

/**
 * `search` once the panel has opened: every truthy panel flag set back to "false" (SPEC §2 "The flag is set
 * back to false in the URL after the panel opens"), so a reload or a shared link does not open it again.
 * Null when nothing changes.
 */
export function searchWithFlagsReset(search: string): string | null {
  const params = new URLSearchParams(search);
  let changed = false;
  for (const flag of Object.keys(PANEL_FLAGS)) {
    if (flagIsOn(params, flag)) {
      params.set(flag, 'false');
      changed = true;
    }
  }
  return changed ? `?${params.toString()}` : null;
}
