/**
 * SPEC §7: GET /apiwarehouse/inventory/multiple/auth?sku=a,b — the inventory endpoint of signed-in customers
 * (SPEC §6 "They use the authenticated inventory endpoint (with pro quantities)"): each SKU's standard_quantity and
 * pro_quantity besides the combined level; `basedOnSku=true` groups by base SKU. The customer is named by the
 * `Authorization: Bearer` token, else by the `customer_token` cookie (SPEC §6), and the provider must still honour
 * it (its keys, then its session). Refusals are 401s with SPEC §8's messages; a refused cookie is cleared with
 * them (SPEC §4 "401: forced logout"). Private: the answer depends on who asks.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { bearerToken, customerOfBearer } from '../../server/identity/bearer.server';
import { SIGN_IN_MESSAGES } from '../../server/identity/public';
import { parseCookieHeader, readCookie } from '../../server/web/cookies.server';
import { parseSkuList } from '../../server/inventory/index.server';

const noStore = { 'Cache-Control': 'private, no-store' };

/** SPEC §8 "Missing token". */
const MISSING_TOKEN = 'customer_token cookie not found. Authentification failed.';
const INVALID_TOKEN = 'Token is invalid. Authentification failed.';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const cookieOptions = services.config.cookies;
  const header = bearerToken(request.headers.get('Authorization'));
  const fromCookie = header === undefined;
  const token = fromCookie
    ? readCookie(parseCookieHeader(request.headers.get('Cookie')), 'customerToken', cookieOptions)
    : header;
  if (token === undefined) return json({ error: MISSING_TOKEN }, { status: 401, headers: noStore });

  const parsed = parseSkuList(new URL(request.url).searchParams.get('sku'));
  if (!parsed.ok) return json({ error: parsed.message }, { status: 400, headers: noStore });

  const bearer = await customerOfBearer(token, {
    client: services.identity.client,
    now: services.clock.now(),
  });
  if (!bearer.ok) {
    if (bearer.reason === 'unavailable')
      return json(
        { error: 'Sign-in could not be checked right now. Please try again.' },
        { status: 503, headers: { ...noStore, 'Retry-After': '5' } },
      );
    const headers = new Headers(noStore);
    // A cookie the provider no longer honours signs the browser out.
    if (fromCookie)
      for (const cookie of await services.identity.signOut(request.headers.get('Cookie')))
        headers.append('Set-Cookie', cookie);
    const error = bearer.reason === 'expired' ? SIGN_IN_MESSAGES.tokenExpired : INVALID_TOKEN;
    return json({ error }, { status: 401, headers });
  }

  const { inventory } = services;
  const byBase = new URL(request.url).searchParams.get('basedOnSku') === 'true';
  const data = byBase
    ? await context.timing.measure('db', () => inventory.getLevelsByBaseSku(parsed.skus, 'customer'))
    : await context.timing.measure('db', () => inventory.getLevels(parsed.skus, 'customer'));
  return json({ data }, { headers: noStore });
}
