/**
 * What each panel holds: the cart (lines, totals, notifications; app/components/cart, decision 041) and the
 * two-step sign-in, sign-up and forgot-password forms (app/components/account; decision 011).
 *
 * Each body is its own chunk, loaded when its panel opens (issue 7 §6): the bodies are form-kit forms, and the kit's
 * browser half (conform and zod, about 26 KB gzip) would otherwise load with every page. A body is loaded ahead of
 * its first render wherever that render must not suspend:
 * - on the server, by the root loader before it renders a panel the URL opens (`?login`, `?cart`…), so the HTML
 *   carries the open panel and works without JavaScript;
 * - in the browser, before React hydrates a page whose HTML carries an open panel (registered below with
 *   hydration-waits.ts when this module is evaluated, before the client entry runs): a Suspense boundary still
 *   waiting for its code when anything above it updates fails (React #421);
 * - when the shopper shows the intent to open one (pointer over or focus on an opener; `usePanelPrefetch`).
 * A panel opened before its body has arrived shows "Loading…" until it has.
 *
 * The frame (panel-dialog.tsx: the dialog, its heading, close link, focus trap and Escape) loads with the body, as
 * one more small chunk shared by the four (decision 056): a page whose panels are closed renders none of it.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadBeforeHydration } from '../../hydration-waits';
import * as panelStyles from './panels.css';
import { isDialogPanel, type DialogPanel } from './panel-state';

/** The heading of each panel (SPEC §2 "Panels"). */
export const PANEL_TITLES: Record<DialogPanel, string> = {
  cart: 'Your Cart',
  signin: 'Sign In',
  signup: 'Create Your Account',
  'reset-password': 'Forgot Password',
};

const bodies: Record<DialogPanel, () => Promise<ComponentType>> = {
  cart: () => import('../cart/cart-panel').then((module) => module.CartPanel),
  signin: () => import('../account/sign-in-panel').then((module) => module.SignInPanel),
  signup: () => import('../account/sign-up-panel').then((module) => module.SignUpPanel),
  'reset-password': () =>
    import('../account/forgot-password-panel').then((module) => module.ForgotPasswordPanel),
};

/** A panel as it renders once its code has arrived: the frame with the body inside. */
type PanelComponent = ComponentType<{ panel: DialogPanel }>;

const withFrame = (panel: DialogPanel): Promise<PanelComponent> =>
  Promise.all([import('./panel-dialog'), bodies[panel]()]).then(([{ PanelDialog }, Body]) => {
    function Panel({ panel }: { panel: DialogPanel }) {
      return (
        <PanelDialog panel={panel} title={PANEL_TITLES[panel]}>
          <Body />
        </PanelDialog>
      );
    }
    return Panel;
  });

/** Panels whose modules have arrived: they render without a Suspense boundary. */
const loaded: Partial<Record<DialogPanel, PanelComponent>> = {};
const pending: Partial<Record<DialogPanel, Promise<PanelComponent>>> = {};

function load(panel: DialogPanel): Promise<PanelComponent> {
  pending[panel] ??= withFrame(panel).then(
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
const lazyBodies: Record<DialogPanel, PanelComponent> = {
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

// The page's HTML carries an open panel (`?login`, `?cart`…): hydration waits for its body (hydration-waits.ts).
if (typeof document !== 'undefined') {
  const shown = document.querySelector('[data-panel-dialog]')?.getAttribute('data-panel-dialog');
  if (shown) loadBeforeHydration(() => preloadPanelBody(shown));
}

/**
 * The open panel: its frame and body. Decided at the panel's first render (the host keys it by its panel): a panel
 * whose modules are already loaded (the server's render, the hydration of a panel the server rendered open) renders
 * as an eagerly imported one would; one that is still on the way keeps its boundary while the panel stays open, and
 * shows "Loading…" in a box styled as its dialog. The dialog takes the focus when it mounts (panel-dialog.tsx), so
 * a panel opened from the keyboard before its code arrived gets the focus once it has.
 */
export function OpenPanel({ panel }: { panel: DialogPanel }) {
  const [Loaded] = useState(() => loaded[panel]);
  if (Loaded) return <Loaded panel={panel} />;
  const Lazy = lazyBodies[panel];
  return (
    <Suspense
      fallback={
        <div className={panelStyles.dialog[panel]} data-panel-dialog={panel}>
          <p className={`${panelStyles.dialogBody} ${panelStyles.muted}`} role="status">
            Loading…
          </p>
        </div>
      }
    >
      <Lazy panel={panel} />
    </Suspense>
  );
}
