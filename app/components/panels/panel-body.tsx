/**
 * What each panel holds: the cart (lines, totals, notifications; app/components/cart, decision 041) and the
 * two-step sign-in, sign-up and forgot-password forms (app/components/account; decision 011).
 *
 * Each body is its own chunk, loaded when its panel opens (issue 7 §6): the bodies are form-kit forms, and the kit's
 * browser half (conform and zod, about 26 KB gzip) would otherwise load with every page. A body is loaded ahead of
 * its first render wherever that render must not suspend:
 * - on the server, by the root loader before it renders a panel the URL opens (`?login`, `?cart`…), so the HTML
 *   carries the open panel and works without JavaScript;
 * - in the browser, by `entry.client.tsx` before React hydrates a page whose HTML carries an open panel: a Suspense
 *   boundary still waiting for its code when anything above it updates fails (React #421);
 * - when the shopper shows the intent to open one (pointer over or focus on an opener; `usePanelPrefetch`).
 * A panel opened before its body has arrived shows "Loading…" until it has.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import * as panelStyles from './panels.css';
import { isDialogPanel, type DialogPanel } from './panel-state';

/** The heading of each panel (SPEC §2 "Panels"). */
export const PANEL_TITLES: Record<DialogPanel, string> = {
  cart: 'Your Cart',
  signin: 'Sign In',
  signup: 'Create Your Account',
  'reset-password': 'Forgot Password',
};

const imports: Record<DialogPanel, () => Promise<ComponentType>> = {
  cart: () => import('../cart/cart-panel').then((module) => module.CartPanel),
  signin: () => import('../account/sign-in-panel').then((module) => module.SignInPanel),
  signup: () => import('../account/sign-up-panel').then((module) => module.SignUpPanel),
  'reset-password': () =>
    import('../account/forgot-password-panel').then((module) => module.ForgotPasswordPanel),
};

/** Bodies whose module has arrived: they render without a Suspense boundary. */
const loaded: Partial<Record<DialogPanel, ComponentType>> = {};
const pending: Partial<Record<DialogPanel, Promise<ComponentType>>> = {};

function load(panel: DialogPanel): Promise<ComponentType> {
  pending[panel] ??= imports[panel]().then(
    (body) => (loaded[panel] = body),
    (error: unknown) => {
      // A failed download (offline for a moment) is tried again at the next opening.
      delete pending[panel];
      throw error;
    },
  );
  return pending[panel];
}

const lazyBody = (panel: DialogPanel) => lazy(() => load(panel).then((body) => ({ default: body })));
const lazyBodies: Record<DialogPanel, ComponentType> = {
  cart: lazyBody('cart'),
  signin: lazyBody('signin'),
  signup: lazyBody('signup'),
  'reset-password': lazyBody('reset-password'),
};

/** Loads `panel`'s body now (nothing for a panel that is not a dialog); never rejects. */
export async function preloadPanelBody(panel: string | null | undefined): Promise<void> {
  if (!panel || !isDialogPanel(panel as DialogPanel)) return;
  await load(panel as DialogPanel).catch(() => undefined);
}

export function PanelBody({ panel }: { panel: DialogPanel }) {
  // Decided at the panel's first render (the dialog is keyed by its panel): a body whose module is already loaded
  // (the server's render, the hydration of a panel the server rendered open) renders as an eagerly imported one
  // would; one that is still on the way keeps its boundary while the panel stays open.
  const [Loaded] = useState(() => loaded[panel]);
  if (Loaded) return <Loaded />;
  const Lazy = lazyBodies[panel];
  return (
    <Suspense
      fallback={
        <p className={panelStyles.muted} role="status">
          Loading…
        </p>
      }
    >
      <Lazy />
    </Suspense>
  );
}
