import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PersonalState } from '../../../server/viewer/public';
import { PERSONAL_REGION, readPersonalStateFrom } from '../header/personal-markup';

/** Served by server/http/personal-state.server.ts: private, never stored. */
export const PERSONAL_STATE_PATH = '/api/personal-state';

/**
 * The `js` cookie (server/web/cookie-registry.ts `scripts`, strictly necessary): it tells the server that this
 * browser runs the page's scripts, so it may be sent the shared copy of catalogue pages and fetch its cart count
 * and account state itself (decision 021). Written here rather than through the registry so that the registry's
 * data stays out of the browser bundle; a unit test holds the two to one answer.
 */
export function scriptsCookieAssignment(secure: boolean): string {
  return `js=1; Path=/; SameSite=Lax; Max-Age=${365 * 24 * 60 * 60}${secure ? '; Secure' : ''}`;
}

export function hasScriptsCookie(cookieString: string): boolean {
  return cookieString.split(';').some((pair) => pair.trim() === 'js=1');
}

type PersonalStateValue = {
  /** Null while unknown: a shared page before its personal state has arrived. */
  state: PersonalState | null;
  /** Asks the server again (after the cart changed). */
  refresh: () => void;
};

const PersonalStateContext = createContext<PersonalStateValue>({ state: null, refresh: () => undefined });

/**
 * The state a spliced page was made for (decision 107): its loader data is the shared copy's (`personal: null`),
 * so the browser reads the state from the header's attributes, as the splice wrote them. Null on the server, on a
 * shared copy and on a personal render (whose loader data carries it).
 */
function splicedState(): PersonalState | null {
  if (typeof document === 'undefined') return null;
  return readPersonalStateFrom(document.querySelector(`header[data-personal="${PERSONAL_REGION.header}"]`));
}

/**
 * The header's personal state. A personal render carries it (`rendered`, from the root loader), a spliced page in
 * its header's attributes; a shared copy carries null, and the browser fetches it after hydration, again whenever
 * the root data is reloaded (after a form was sent, the cart may have changed). The first client render always
 * agrees with the server's.
 */
export function PersonalStateProvider({
  rendered,
  loadedWith,
  children,
}: {
  rendered: PersonalState | null | undefined;
  /** The root data object it came with: a new one (the root data was reloaded) asks again. */
  loadedWith: unknown;
  children: ReactNode;
}) {
  const [fetched, setFetched] = useState<{ from: unknown; state: PersonalState } | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  // Read once, at hydration; it stands for the document's own root data, and until a later fetch answers.
  const [spliced] = useState(() => (rendered ? null : { from: loadedWith, state: splicedState() }));
  const splicedFirst = spliced?.state && spliced.from === loadedWith ? spliced.state : null;

  useEffect(() => {
    if (!hasScriptsCookie(document.cookie)) {
      document.cookie = scriptsCookieAssignment(window.location.protocol === 'https:');
    }
  }, []);

  useEffect(() => {
    if ((rendered || splicedFirst) && generation === 0) return;
    const controller = new AbortController();
    fetch(PERSONAL_STATE_PATH, { credentials: 'same-origin', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<PersonalState>) : null))
      .then((state) => {
        if (state) setFetched({ from: rendered, state });
      })
      .catch(() => undefined); // offline or aborted: the header keeps what it shows
    return () => controller.abort();
  }, [rendered, splicedFirst, loadedWith, generation]);

  // What was fetched for the current root data wins; new root data (a personal render's) replaces older answers.
  const state =
    (fetched && (fetched.from === rendered || !rendered) ? fetched.state : null) ??
    rendered ??
    spliced?.state ??
    null;
  const value = useMemo(() => ({ state, refresh }), [state, refresh]);
  return <PersonalStateContext.Provider value={value}>{children}</PersonalStateContext.Provider>;
}

export function usePersonalState(): PersonalStateValue {
  return useContext(PersonalStateContext);
}
