import { useLocation } from '@remix-run/react';
import {
  createContext,
  useCallback,
  useContext,
  startTransition,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
} from 'react';
import { breakpoints } from '../../../styles/tokens';
import { preloadPanelBody } from './panel-body';
import {
  initialPanelState,
  isDialogPanel,
  panelFromSearch,
  panelReducer,
  searchWithFlagsReset,
  type ActivePanel,
  type DialogPanel,
  type PanelAction,
  type PanelName,
  type PanelState,
  type ScreenSize,
} from './panel-state';

type PanelContextValue = {
  state: PanelState;
  dispatch: Dispatch<PanelAction>;
  /** Opens `panel`; `opener` gets the focus back when it closes (SPEC §2 panels are dialogs). */
  open: (panel: PanelName, opener?: HTMLElement | null) => void;
  close: () => void;
};

const PanelContext = createContext<PanelContextValue | null>(null);

/**
 * Holds the page's one panel state (panel-state.ts). `initialPanel` comes from the root loader's reading of
 * the query flags, so the server renders that panel open and the first client render agrees with it.
 */
export function PanelProvider({
  initialPanel,
  children,
}: {
  initialPanel: ActivePanel;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(panelReducer, initialPanel, initialPanelState);
  const opener = useRef<HTMLElement | null>(null);
  const location = useLocation();

  // Leaving a page resets the panels (SPEC §4); the new URL's flag, if any, opens its panel.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    opener.current = null;
    // A transition, like the router's own updates: a context change that is not one reaches Suspense boundaries
    // still hydrating (deferred recommendations) and makes React throw them away (error #421).
    startTransition(() => dispatch({ type: 'navigate', panel: panelFromSearch(location.search) }));
  }, [location.key, location.search]);

  // SPEC §2: once the panel is open, its flag is set back to false in the URL (history replace, no
  // navigation), so a reload or a shared link does not open it again.
  useEffect(() => {
    if (!isDialogPanel(state.active)) return;
    const search = searchWithFlagsReset(window.location.search);
    if (search === null) return;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  }, [state.active]);

  // A dialog that closes gives the focus back to what opened it, unless the focus has moved on already.
  const previous = useRef(state.active);
  useEffect(() => {
    const was = previous.current;
    previous.current = state.active;
    if (!isDialogPanel(was) || isDialogPanel(state.active)) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const target = opener.current !== null && shows(opener.current) ? opener.current : homeOpener(was);
    opener.current = null;
    target?.focus();
  }, [state.active]);

  useScreenSize(dispatch);
  usePanelPrefetch();

  const open = useCallback((panel: PanelName, from?: HTMLElement | null) => {
    // A link inside an open dialog hands over to the next panel: the first opener keeps the focus return.
    if (from && !from.closest('[data-panel-dialog]')) opener.current = from;
    dispatch({ type: 'set', panel });
  }, []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);

  const value = useMemo(() => ({ state, dispatch, open, close }), [state, open, close]);
  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>;
}

const shows = (element: HTMLElement) => element.isConnected && element.getClientRects().length > 0;

/**
 * Where the focus returns when a panel closes that no click on the page opened (a query flag such as `?login=true`,
 * or an opener that no longer shows, as the menu's sign-in link once the menu has closed): the panel's header icon,
 * the cart's or, for the account panels, the account icon (decision 046). The first opener that shows: the menu's
 * "Sign In" link comes before the icon in the document but is hidden while the menu is closed. Where none shows (the
 * account icon lives in the menu on the narrowest phones), the control marked as the fallback (the menu button).
 */
function homeOpener(panel: DialogPanel): HTMLElement | undefined {
  const home: DialogPanel = panel === 'cart' ? 'cart' : 'signin';
  const first = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].find(shows);
  return first(`[data-panel-opener="${home}"]`) ?? first('[data-panel-opener-fallback]');
}

/**
 * The panel state and its actions. Outside a provider (the root error boundary renders without one when
 * the root loader failed) it answers "nothing open" and ignores actions, so the header still renders.
 */
export function usePanels(): PanelContextValue {
  return useContext(PanelContext) ?? fallback;
}

const fallback: PanelContextValue = {
  state: initialPanelState(),
  dispatch: () => undefined,
  open: () => undefined,
  close: () => undefined,
};

/**
 * Loads a panel's body (panel-body.tsx) as soon as the shopper shows the intent to open it: the pointer over, or the
 * focus on, a link whose URL opens a panel (the header's openers, the links between panels, the mobile menu's).
 */
function usePanelPrefetch() {
  useEffect(() => {
    const prefetch = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !link.search) return;
      void preloadPanelBody(panelFromSearch(link.search));
    };
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    return () => {
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
  }, []);
}

const screenQueries: [ScreenSize, string][] = [
  ['small', `(max-width: ${breakpoints.small}px)`],
  ['medium', `(max-width: ${breakpoints.medium}px)`],
  ['large', `(max-width: ${breakpoints.large}px)`],
];

/** Keeps `state.screen` on the layout range of SPEC §2 "Breakpoints". */
function useScreenSize(dispatch: Dispatch<PanelAction>) {
  useEffect(() => {
    const lists = screenQueries.map(([, query]) => window.matchMedia(query));
    const update = () => {
      const index = lists.findIndex((list) => list.matches);
      // Runs right after hydration: a transition, so it does not disturb boundaries still hydrating (#421).
      startTransition(() =>
        dispatch({ type: 'setScreen', screen: index === -1 ? 'wide' : screenQueries[index]![0] }),
      );
    };
    update();
    lists.forEach((list) => list.addEventListener('change', update));
    return () => lists.forEach((list) => list.removeEventListener('change', update));
  }, [dispatch]);
}
