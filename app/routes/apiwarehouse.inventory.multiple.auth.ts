/**
 * SPEC §7: GET /apiwarehouse/inventory/multiple/auth?sku=a,b — the inventory endpoint of signed-in customers
 * (SPEC §6 "They use the authenticated inventory endpoint (with pro quantities)"): each SKU's standard_quantity and
 * pro_quantity besides the combined level; `basedOnSku=true` groups by base SKU. The customer is named by the
 * `Authorization: Bearer` token, else by the `customer_token` cookie (SPEC §6), and the provider must still honour
 * it (its keys, then its session). Refusals are 401s with SPEC §8's messages; a refused cookie is cleared with
 * them (SPEC §4 "401: forced logout"). Private: the answer depends on who asks.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { CALLER_MESSAGES, callerOfRequest, SIGN_IN_MESSAGES } from '../../server/identity/index.server';
import { parseCookieHeader, readCookie } from '../../server/web/cookies.server';
import { parseSkuList } from '../../server/inventory/index.server';

const noStore = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const cookieOptions = services.config.cookies;
  const cookieToken = readCookie(
    parseCookieHeader(request.headers.get('Cookie')),
    'customerToken',
    cookieOptions,
  );
  const caller = await callerOfRequest(request, {
    client: services.identity.client,
    now: services.clock.now(),
    cookie: cookieToken === undefined ? null : { token: cookieToken },
  });
  if (caller.kind === 'none' && caller.reason === 'missing')
    return json({ error: CALLER_MESSAGES.missingToken }, { status: 401, headers: noStore });

  const parsed = parseSkuList(new URL(request.url).searchParams.get('sku'));
  if (!parsed.ok) return json({ error: parsed.message }, { status: 400, headers: noStore });

  if (caller.kind === 'unavailable')
    return json(
      { error: CALLER_MESSAGES.unavailable },
      { status: 503, headers: { ...noStore, 'Retry-After': '5' } },
    );
  if (caller.kind === 'none') {
    const headers = new Headers(noStore);
    // A cookie the provider no longer honours signs the browser out.
    if (caller.via === 'cookie')
      for (const cookie of await services.identity.signOut(request.headers.get('Cookie')))
        headers.append('Set-Cookie', cookie);
    const error = caller.reason === 'expired' ? SIGN_IN_MESSAGES.tokenExpired : CALLER_MESSAGES.invalidToken;
    return json({ error }, { status: 401, headers });
  }

  const { inventory } = services;
  const byBase = new URL(request.url).searchParams.get('basedOnSku') === 'true';
  const data = byBase
    ? await context.timing.measure('db', () => inventory.getLevelsByBaseSku(parsed.skus, 'customer'))
    : await context.timing.measure('db', () => inventory.getLevels(parsed.skus, 'customer'));
  return json({ data }, { headers: noStore });
}
