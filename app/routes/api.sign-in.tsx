/**
 * The sign-in panel's state for this shopper (SPEC §4): signed in already, or at which step, the e-mail accepted,
 * the activation offer and a lockout's seconds left. Private: with JavaScript the panel loads it after hydration
 * (catalogue pages are shared copies); without JavaScript the root loader renders it in.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = context.services.identity.signInState(request.headers.get('Cookie'), context.viewer);
  return data(state, { headers: { 'Cache-Control': CACHE_PRIVATE } });
}
