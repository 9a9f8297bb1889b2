import type { RawReply, RawRequest } from './raw-http';

/**
 * The hostile requests of issue 8's "Why" list (found by probing main from outside), one row each, with what the
 * store must answer. Shared by the integration test (`test/integration/hostile-requests.test.ts`, in `npm test`)
 * and `npm run security` (`scripts/security.ts`, against a running store). Every row must get a status below 500
 * with a message and no stack trace, and a redirect or an error must carry `Cache-Control: no-store`; `status`
 * pins the exact answer where there is one right answer.
 */
export type Site = {
  /** A category listing path, e.g. `/mens/`. */
  category: string;
  /** A product page path, e.g. `/products/some-jacket/black`. */
  product: string;
};

export type HostileCase = {
  name: string;
  request: (site: Site) => RawRequest;
  /** The exact status, or the allowed ones. Unset: any 2xx–4xx. */
  status?: number | number[];
  /** Further checks on the reply; each returns a complaint or undefined. */
  check?: (reply: RawReply) => string | undefined;
};

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const NOTIFY = '/api/product/notify';
const EVIL = 'evil.example';

const noEvilInBody = (reply: RawReply) =>
  reply.body.includes(EVIL) ? `the body names ${EVIL} (taken from a request header)` : undefined;
const locationIsLocal = (reply: RawReply) => {
  const location = reply.headers.location;
  if (location === undefined) return undefined;
  return /^(\/[/\\]|[a-z][a-z0-9+.-]*:)/i.test(location) || /[\\\t\r\n]/.test(location)
    ? `Location ${JSON.stringify(location)} leaves the site`
    : undefined;
};

/** The provider's JSON error names what is wrong (kit.server.ts `refuseUnsafeText`). */
const providerMessage = (reply: RawReply) =>
  reply.body.includes('The request contains characters that are not allowed.')
    ? undefined
    : `the provider's answer ${JSON.stringify(reply.body.slice(0, 120))} does not say what is wrong`;

const get = (target: string, headers?: Record<string, string>): RawRequest => ({
  method: 'GET',
  target,
  headers,
});
const post = (target: string, body: string | Buffer, headers: Record<string, string> = FORM): RawRequest => ({
  method: 'POST',
  target,
  headers,
  body,
});

/** A lone UTF-16 surrogate (U+D800) as a browser would never send it: its 3-byte CESU-8 form. */
const LONE_SURROGATE = '%ED%A0%80';

export const HOSTILE_CASES: HostileCase[] = [
  // NUL bytes and lone surrogates in facets, product paths and tracking fields.
  { name: 'NUL in a facet', request: (s) => get(`${s.category}?size=%00`), status: 400 },
  {
    name: 'lone surrogate in a facet',
    request: (s) => get(`${s.category}?color=${LONE_SURROGATE}`),
    status: 400,
  },
  { name: 'NUL in a sort value', request: (s) => get(`${s.category}?sort=%00`), status: 400 },
  { name: 'NUL in a tracking parameter', request: (s) => get(`${s.category}?utm_source=%00`), status: 400 },
  { name: 'NUL in a product path', request: () => get('/products/%00/%00'), status: 400 },
  {
    name: 'lone surrogate in a product path',
    request: () => get(`/products/${LONE_SURROGATE}/black`),
    status: 400,
  },
  { name: 'NUL in a category path', request: () => get('/mens%00/'), status: 400 },
  { name: 'NUL in a search term', request: () => get('/search?q=%00'), status: 400 },
  {
    name: 'NUL in a search suggestion term',
    request: () => get('/api/search/suggestions?q=a%00b'),
    status: 400,
  },
  { name: 'invalid UTF-8 in a search term', request: () => get('/search?q=%C3%28'), status: 400 },
  {
    name: 'NUL in a tracked event field (JSON)',
    request: () =>
      post('/api/track/event', '{"email":"a\\u0000b@example.com","event":"page_view"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
  },
  {
    name: 'lone surrogate in a tracked event field (JSON)',
    request: () =>
      post('/api/track/event', '{"email":"\\ud800@example.com","event":"page_view"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
  },
  // Issue 27 §3: the embedded provider's JSON bodies (a NUL reached PostgreSQL as a 500 before).
  {
    name: 'NUL in the provider e-mail check',
    request: () =>
      post('/idp/users/check', '{"username":"a\\u0000b@example.com"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
    check: providerMessage,
  },
  {
    name: 'NUL in the provider password reset',
    request: () =>
      post('/idp/users/password-reset', '{"mail":"a\\u0000b@example.com"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
    check: providerMessage,
  },
  {
    name: 'NUL in a provider flow step',
    request: () =>
      post('/idp/flows/AAAAAAAAAAAAAAAAAAAAAAAA', '{"username":"a\\u0000b@example.com","password":"x"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
    check: providerMessage,
  },
  {
    name: 'lone surrogate in the provider e-mail check',
    request: () =>
      post('/idp/users/check', '{"username":"\\ud800@example.com"}', { 'Content-Type': 'application/json' }),
    status: 400,
    check: providerMessage,
  },
  {
    // Found by the property test over every route (issue 27 §4): a malformed escape in the provider's own cookie.
    name: "malformed % escape in the provider's session cookie",
    request: () => get('/idp/as/signoff', { Cookie: 'idp_session=%E0%A4%A; idp_flow=%' }),
    status: 200,
  },
  {
    name: 'a % left in a repair API id',
    request: () => get('/api/repair-admin/getRepair/%25'),
    status: [400, 401, 404],
  },
  {
    name: 'NUL in the back-in-stock e-mail',
    request: () => post(NOTIFY, 'email=a%00b%40example.com&sku=X-1'),
    status: 400,
  },
  // Issue 27 §4: extra fields of a tracked event are stored as jsonb: a NUL or a lone surrogate there too.
  {
    name: 'NUL in an extra field of a tracked event (JSON)',
    request: () =>
      post('/api/track/event', '{"email":"a@example.com","event":"page_view","extra":"a\\u0000b"}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
  },
  {
    name: 'lone surrogate in an extra field of a tracked event (JSON)',
    request: () =>
      post('/api/track/event', '{"email":"a@example.com","event":"page_view","extra":{"\\ud800":"x"}}', {
        'Content-Type': 'application/json',
      }),
    status: 400,
  },
  {
    name: 'NUL in an extra field of a tracked event (form)',
    request: () => post('/api/track/event', 'email=a%40example.com&event=page_view&extra=a%00b'),
    status: 400,
  },
  // Integers out of range.
  {
    name: 'id over 2^31 in recently viewed',
    request: () => get('/products/recently-viewed?ids=2147483648'),
    status: 200,
  },
  {
    name: 'ids of every shape in recently viewed',
    request: () => get('/products/recently-viewed?ids=-1,0,1e309,NaN,99999999999999999999,0x10'),
    status: 200,
  },
  // Issue 27 §4: ids past PostgreSQL's integer, each a 500 before.
  {
    name: 'variant id over 2^31 added to the cart',
    request: () => post('/cart/add', 'productId=1&variantId=2147483648&quantity=1'),
    status: 400,
  },
  {
    name: 'approver id over 2^31 on a promotional order',
    request: () => post('/promo-order', 'approverId=2147483648&email=a%40example.com'),
  },
  {
    name: 'order id over 2^31 in a promotional-order decision',
    request: () => post('/promo-order/approvals', 'decision=approve%3A2147483648'),
  },
  { name: 'mail id over 2^31', request: () => get('/mail/2147483648'), status: 404 },
  {
    // Issue 9 §4: a listing parameter out of range is corrected by a redirect (to the last or first page).
    name: 'page number past 2^53',
    request: (s) => get(`${s.category}?page=99999999999999999999`),
    status: [301, 302],
    check: locationIsLocal,
  },
  {
    name: 'negative page number',
    request: (s) => get(`${s.category}?page=-1`),
    status: [301, 302],
    check: locationIsLocal,
  },
  // Bodies a form action does not take, and methods it does not answer.
  {
    name: 'JSON body to a form action',
    request: () => post(NOTIFY, '{"email":"a@example.com"}', { 'Content-Type': 'application/json' }),
    status: 415,
  },
  {
    name: 'text body to a form action',
    request: () => post(NOTIFY, 'email=a@example.com', { 'Content-Type': 'text/plain' }),
    status: 415,
  },
  {
    name: 'empty body without a type to a form action',
    request: () => post(NOTIFY, '', {}),
    status: [400, 415],
  },
  {
    name: 'XML body to the cookie settings',
    request: () => post('/cookie-settings', '<a/>', { 'Content-Type': 'application/xml' }),
    status: 415,
  },
  {
    name: 'PUT on a form action',
    request: () => ({ method: 'PUT', target: NOTIFY, headers: FORM, body: 'email=a%40example.com' }),
    status: 405,
  },
  {
    name: 'PATCH on a form action',
    request: () => ({ method: 'PATCH', target: NOTIFY, headers: FORM, body: 'email=a%40example.com' }),
    status: 405,
  },
  { name: 'DELETE on a form action', request: () => ({ method: 'DELETE', target: NOTIFY }), status: 405 },
  {
    name: 'DELETE on the cookie settings',
    request: () => ({ method: 'DELETE', target: '/cookie-settings' }),
    status: 405,
  },
  { name: 'POST to a page without an action', request: (s) => post(s.product, 'a=b'), status: 405 },
  {
    name: '3 MB form post',
    request: () => post(NOTIFY, `email=${'a'.repeat(3 * 1024 * 1024)}%40example.com&sku=X-1`),
    status: 413,
  },
  {
    name: '3 MB JSON event',
    request: () =>
      post('/api/track/event', `{"event":"x","email":"${'a'.repeat(3 * 1024 * 1024)}"}`, {
        'Content-Type': 'application/json',
      }),
    status: 413,
  },
  {
    name: 'a body declared at 50 MB',
    request: () => post(NOTIFY, 'email=a', { ...FORM, 'Content-Length': String(50 * 1024 * 1024) }),
    status: 413,
  },
  // Malformed URLs.
  { name: 'malformed % escape in a path', request: () => get('/mens/%E0%A4%A/'), status: 400 },
  { name: 'bare % in a path', request: () => get('/products/%/black'), status: 400 },
  { name: '%zz in a path', request: () => get('/%zz'), status: 400 },
  { name: 'malformed % escape in a query', request: (s) => get(`${s.category}?size=%E0%A4%A`), status: 400 },
  // Hosts, methods and proxies.
  { name: 'a Host with a space', request: () => get('/', { Host: 'bad host' }), status: 400 },
  { name: 'a Host with a bad port', request: () => get('/', { Host: 'localhost:99999' }), status: 400 },
  { name: 'a Host with a path', request: () => get('/', { Host: 'a/b' }), status: 400 },
  { name: 'TRACE', request: () => ({ method: 'TRACE', target: '/' }), status: 405 },
  { name: 'TRACE on an action', request: () => ({ method: 'TRACE', target: NOTIFY }), status: 405 },
  { name: 'OPTIONS', request: () => ({ method: 'OPTIONS', target: '/' }), status: [204, 405] },
  {
    name: 'X-Forwarded-Host on the home page',
    request: () => get('/', { 'X-Forwarded-Host': EVIL }),
    status: 200,
    check: noEvilInBody,
  },
  {
    name: 'X-Forwarded-Host with a port on a product page',
    request: (s) => get(s.product, { 'X-Forwarded-Host': `${EVIL}:8443` }),
    status: 200,
    check: (reply) => (reply.body.includes(':8443') ? 'the body carries the forwarded port' : undefined),
  },
  { name: 'another site in Host', request: () => get('/', { Host: EVIL }), status: 200, check: noEvilInBody },
  {
    name: 'another site in Host on the sitemap',
    request: () => get('/sitemap.xml', { Host: EVIL }),
    status: 200,
    check: noEvilInBody,
  },
  {
    name: 'X-Forwarded-Host on the sitemap',
    request: () => get('/sitemap.xml', { 'X-Forwarded-Host': EVIL }),
    status: 200,
    check: noEvilInBody,
  },
  {
    name: 'X-Forwarded-Host on robots.txt',
    request: () => get('/robots.txt', { 'X-Forwarded-Host': EVIL }),
    status: 200,
    check: noEvilInBody,
  },
  // Redirects.
  {
    name: 'return path /.//evil',
    request: () => get(`/cookie-settings?redirectTo=/.//${EVIL}`),
    check: locationIsLocal,
  },
  {
    name: 'return path /mens/..//evil',
    request: () => get(`/cookie-settings?redirectTo=/mens/..//${EVIL}`),
    check: locationIsLocal,
  },
  {
    name: 'return path ending in %2F',
    request: () => get(`/cookie-settings?redirectTo=/.//${EVIL}%2F`),
    check: locationIsLocal,
  },
  {
    name: 'return path //evil',
    request: () => get(`/cookie-settings?redirectTo=//${EVIL}`),
    check: locationIsLocal,
  },
  {
    name: 'return path /\\evil',
    request: () => get(`/cookie-settings?redirectTo=/%5C${EVIL}`),
    check: locationIsLocal,
  },
  {
    name: 'return path https://evil',
    request: () => get(`/cookie-settings?redirectTo=https://${EVIL}`),
    check: locationIsLocal,
  },
  {
    name: 'return path javascript:',
    request: () => get('/cookie-settings?redirectTo=javascript:alert(1)'),
    check: locationIsLocal,
  },
  {
    name: 'form redirectTo //evil',
    request: () => post(NOTIFY, `email=x&sku=y&redirectTo=%2F%2F${EVIL}`),
    check: locationIsLocal,
  },
  { name: 'a page that does not exist', request: () => get('/no-such-page/at-all/'), status: 404 },
  {
    name: 'a category path without its slash',
    request: (s) => get(s.category.slice(0, -1), { Accept: 'text/html' }),
    status: 301,
  },
  // Remix's data requests and markup in input.
  {
    name: '_data of a route that does not exist',
    request: () => get('/?_data=routes%2Fnope'),
    status: [400, 403, 404],
  },
  {
    name: 'markup in a search term is not echoed as markup',
    request: () => get('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E'),
    check: (reply) => (reply.body.includes('<script>alert(1)') ? 'the term is echoed as markup' : undefined),
  },
  {
    name: 'SQL in a facet',
    request: (s) => get(`${s.category}?size=%27%20OR%201%3D1--`),
    status: [200, 400],
  },
  { name: 'SQL in a search term', request: () => get('/search?q=%27%3B%20DROP%20TABLE%20products%3B--') },
  { name: 'duplicated sort keys', request: (s) => get(`${s.category}?sort=price-asc&sort=%00`), status: 400 },
];

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+\)?/;

/** Complaints about one reply: a 5xx, a wrong status, no message, a stack trace, or a failed check. */
export function judge(hostile: HostileCase, reply: RawReply): string[] {
  const complaints: string[] = [];
  if (reply.status >= 500 || reply.status < 200) complaints.push(`status ${reply.status}`);
  const allowed = hostile.status === undefined ? undefined : [hostile.status].flat();
  if (allowed && !allowed.includes(reply.status)) {
    complaints.push(`status ${reply.status}, expected ${allowed.join(' or ')}`);
  }
  if (reply.status >= 400 && reply.body.trim() === '') complaints.push('an error without a message');
  if (STACK_TRACE.test(reply.body)) complaints.push('a stack trace in the body');
  if (reply.status >= 300 && !/no-store/.test(reply.headers['cache-control'] ?? '')) {
    complaints.push(
      `a ${reply.status} without Cache-Control: no-store (${reply.headers['cache-control'] ?? 'none'})`,
    );
  }
  const extra = hostile.check?.(reply);
  if (extra) complaints.push(extra);
  return complaints;
}
