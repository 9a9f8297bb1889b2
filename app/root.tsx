import {
  data as withInit,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import '../styles/global.css';
import { skipLink } from '../styles/utilities.css';
import { ConsentManager } from './components/consent/consent-manager';
import { RootErrorPage } from './components/error-page/error-page-lazy';
import { errorTitle } from './components/error-page/error-titles';
import { cartActor } from '../server/cart/index.server';
import { startSignOutFromLink } from './components/account/logout-link.server';
import { readFlash } from './components/forms/form.server';
import { SiteFooter } from './components/footer/site-footer';
import { PromoBar } from './components/header/promo-bar';
import { topLevelOnly } from './components/header/navigation-markup';
import { SiteHeader } from './components/header/site-header';
import { HydrationMark } from './components/layout/hydration-mark';
import { PersonalStateProvider } from './components/layout/personal-state';
import { useRootData } from './components/layout/root-data';
import { PanelProvider } from './components/panels/panel-context';
import { preloadPanelBody } from './components/panels/panel-body';
import { PanelHost } from './components/panels/panel-host';
import { panelFromSearch } from './components/panels/panel-state';
import { pageMeta } from './components/seo/meta';
import { useNonce } from './nonce';
import { useRequestId } from './request-id';
import { readPersonalState } from '../server/viewer/index.server';
import { LOGOUT_FLAG } from '../server/identity/public';
import { queryFlagIsOn } from '../server/viewer/public';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction<typeof loader> = (args) =>
  args.error ? pageMeta(args, { title: errorTitle(errorStatus(args.error)), noIndex: true }) : pageMeta(args);

/** An error page keeps the headers its thrown response set for the client (Retry-After, Allow). */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const kept = new Headers();
  for (const name of ['Retry-After', 'Allow', 'Cache-Control']) {
    const value = errorHeaders?.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
};

/**
 * Site-wide content for the layout, and the panel the URL's query flag opens (SPEC §2: `?cart`, `?login`,
 * `?create-an-account`, `?reset-password`), rendered open by the server. `personal` (cart count, account state) is
 * rendered in only for a personal render; the shared copy of a price list carries null and the browser fetches it
 * (decision 021). The cart panel's cart, when the URL opens it, is rendered
 * in on a personal render too.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { content, config, clock, cart } = context.services;
  const url = new URL(request.url);
  // `?logout` signs a customer out at once when the navigation is their own (decision 047).
  await startSignOutFromLink(request, context, url);
  // The outcome of a form posted without JavaScript, shown once by the form it belongs to (the form kit).
  const { flash, headers } = readFlash(request, context);
  const personal = context.sharedCopy
    ? null
    : await context.timing.measure('db', () =>
        readPersonalState(context.viewer, (cartId) => cart.itemCount(cartId)),
      );
  // The sign-in panel's step, rendered in for a browser without JavaScript (with it, the panel loads its state
  // from /api/sign-in after hydration, so shared copies of catalogue pages carry no one's state).
  const signIn = context.viewer.runsScripts
    ? null
    : context.services.identity.signInState(request.headers.get('Cookie'), context.viewer);
  const initialPanel = panelFromSearch(url.searchParams);
  // The open panel's body is its own chunk (panel-body.tsx): loaded before the render, which must not suspend.
  await preloadPanelBody(initialPanel);
  // The open cart panel's cart (no JavaScript): a personal render only; the shared copy's panel loads it.
  // (A shopper without a cart gets the empty cart, not a panel waiting for data no script will fetch.)
  const loadsCart = initialPanel === 'cart' && !context.sharedCopy;
  const openCart = loadsCart
    ? await context.timing.measure('db', () => cart.getCart(cartActor(context.viewer)))
    : null;
  const panelCart = !loadsCart
    ? null
    : openCart === null
      ? { cart: null, notice: null }
      : 'ok' in openCart
        ? { cart: null, notice: openCart.message }
        : { cart: openCart, notice: null };
  return withInit(
    {
      initialPanel,
      // The top-level entries only: the header's menu is markup the server renders once (navigation-markup.tsx).
      navigation: { items: topLevelOnly(content.navigation().items) },
      promobar: content.promobar(),
      footer: content.footer(),
      social: content.social(),
      seo: content.seo(),
      /** Absolute URLs in meta tags (canonical, og:image) start from here. */
      siteUrl: config.publicUrl ?? url.origin,
      personal,
      /** The cart, when the URL opens the cart panel on a personal render (browsers without JavaScript). */
      cart: panelCart,
      year: clock.now().getFullYear(),
      flash,
      signIn,
    },
    { headers },
  );
}

/**
 * The root's data is site-wide: it is loaded with the document and again only after a form was sent (the flash
 * message and the cart count may have changed) or on a navigation to `?logout` (which signs out: decision 047),
 * never on another link or GET form (a filter change must not resend the navigation).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  nextUrl,
}) =>
  (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') ||
  queryFlagIsOn(nextUrl.searchParams, LOGOUT_FLAG)
    ? defaultShouldRevalidate
    : false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <HydrationMark />
        <PersonalStateProvider rendered={data?.personal} loadedWith={data}>
          <PanelProvider initialPanel={data?.initialPanel ?? 'none'}>
            <a href="#main" className={skipLink}>
              Skip to content
            </a>
            {data ? <PromoBar promobar={data.promobar} /> : null}
            <SiteHeader siteName={data?.seo.siteName} navigation={data?.navigation.items ?? []} />
            {/* The open panel comes right after the header: first in reading order without JavaScript too. */}
            <PanelHost />
            {/* tabIndex lets the skip link move the focus here, not only the scroll position. */}
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter
              footer={data?.footer}
              social={data?.social}
              year={data?.year ?? new Date().getFullYear()}
            />
          </PanelProvider>
        </PersonalStateProvider>
        {/* Consent (analytics and consent issue): removes tracking cookies without group C0002. */}
        <ConsentManager />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

/**
 * A thrown 404 Response (or a URL no route matches) gets the 404 page; any other status its honest page, anything
 * else the 500 page (error-page.tsx, whose code loads with an error only: error-page-lazy.tsx).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const requestId = useRequestId();
  const suggestions = (data?.navigation.items ?? [])
    .filter((item) => !item.mobileOnly)
    .map((item) => ({ title: item.title, url: item.url }));
  return <RootErrorPage error={error} suggestions={suggestions} requestId={requestId} />;
}
