/**
 * The form kit over the production HTTP app and a real database: the findings of issue 8 that concern forms
 * (each of these tests failed on the code before the kit), the idempotency store on both engines, and the two
 * migrated forms end to end at the HTTP level (back-in-stock with its confirmation, cookie settings).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import {
  backInStockRequests,
  formSubmissions,
  mailOutbox,
  rateLimitCounters,
  variants,
} from '../../server/db/schema';
import { createFormsService, IDEMPOTENCY_TTL_MS } from '../../server/forms/index.server';
import { describeEachEngine } from '../helpers/database';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/** A Location (or any answer of ours) that stays on the store: one slash, then neither a slash nor a backslash. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
const FORM = 'application/x-www-form-urlencoded';

describeEachEngine('idempotency store', ({ database }) => {
  it('lets one request claim a key; a repeat gets its outcome, other values a conflict; a day frees it', async () => {
    const clock = fixedClock('2026-06-01T12:00:00.000Z');
    const forms = createFormsService({ db: database().db, clock });
    const first = await forms.claim<{ message: string }>('f', 'key-1', 'print-a');
    expect(first.kind).toBe('claimed');
    // Still running: a repeat that does not wait is told so.
    expect(await forms.claim('f', 'key-1', 'print-a', { waitMs: 0 })).toEqual({ kind: 'pending' });
    if (first.kind === 'claimed') await first.complete({ message: 'done' });
    expect(await forms.claim('f', 'key-1', 'print-a')).toEqual({
      kind: 'replay',
      outcome: { message: 'done' },
    });
    expect(await forms.claim('f', 'key-1', 'print-b')).toEqual({ kind: 'conflict' });
    // Keys are per form.
    expect((await forms.claim('g', 'key-1', 'print-b')).kind).toBe('claimed');

    clock.advance(IDEMPOTENCY_TTL_MS);
    expect((await forms.claim('f', 'key-1', 'print-b')).kind).toBe('claimed');
  });

  it('a released key can be claimed again, and a waiting repeat sees the outcome as soon as it is stored', async () => {
    const forms = createFormsService({ db: database().db, clock: fixedClock('2026-06-02T12:00:00.000Z') });
    const first = await forms.claim('f', 'key-2', 'p');
    if (first.kind === 'claimed') await first.release();
    const second = await forms.claim<string>('f', 'key-2', 'p');
    expect(second.kind).toBe('claimed');
    const waiting = forms.claim<string>('f', 'key-2', 'p', { waitMs: 3_000 });
    if (second.kind === 'claimed') setTimeout(() => void second.complete('stored'), 150);
    expect(await waiting).toEqual({ kind: 'replay', outcome: 'stored' });
  });

  it('two concurrent claims of one key: exactly one wins', async () => {
    const forms = createFormsService({ db: database().db, clock: fixedClock('2026-06-03T12:00:00.000Z') });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => forms.claim('f', 'key-3', 'p', { waitMs: 0 })),
    );
    expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);
    expect(await database().db.$count(formSubmissions, eq(formSubmissions.key, 'key-3'))).toBe(1);
  });
});

describe('forms over HTTP (production app)', () => {
  let app: RunningApp & { close(): Promise<void> };
  let soldOutSku: string;

  beforeAll(async () => {
    app = await startHttpApp();
    const [variant] = await app.services.db.select({ sku: variants.sku }).from(variants).limit(1);
    soldOutSku = variant!.sku;
  });
  afterAll(async () => {
    await app?.close();
  });
  // Every request comes from 127.0.0.1: each test starts with no rate-limit window open.
  beforeEach(async () => {
    await app.services.db.delete(rateLimitCounters);
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': FORM,
        ...headers,
      },
      body,
    });
  const notify = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post('/api/product/notify', new URLSearchParams({ sku: soldOutSku, ...fields }).toString(), headers);
  /** A Remix single-fetch POST (what a fetcher sends), decoded far enough to read its strings. */
  const viaFetcher = (path: string, fields: Record<string, string>) =>
    post(`${path}.data`, new URLSearchParams(fields).toString());
  const mailsTo = (to: string) => app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const textOf = (reply: Reply) => reply.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  describe('findings of issue 8', () => {
    it.each([
      '/.//evil.com',
      '/mens/..//evil.com',
      '/mens/..//evil.com%2F',
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/%252F%252Fevil.example',
    ])('cookie settings: redirectTo %j comes back as a same-origin Location', async (redirectTo) => {
      const reply = await post(
        '/cookie-settings',
        new URLSearchParams({ intent: 'save', redirectTo }).toString(),
      );
      expect(reply.status).toBe(303);
      expect(String(reply.headers.location)).toMatch(SAME_ORIGIN_PATH);
    });

    it.each(['/.//evil.com%2F', '/mens/..//evil.com%2F', '/%E0%A4%A'])(
      'the cookie settings page with ?redirectTo=%j answers 200 and links back to a same-origin path',
      async (value) => {
        const reply = await app.request(`/cookie-settings?redirectTo=${encodeURIComponent(value)}`);
        expect(reply.status).toBe(200);
        const back = /<a[^>]*href="([^"]*)"[^>]*>Back to the/.exec(reply.text)?.[1];
        expect(back).toMatch(SAME_ORIGIN_PATH);
        expect(app.takeErrors()).toEqual([]);
      },
    );

    it('a 8 MB back-in-stock post is refused with 413 (it was read and parsed)', async () => {
      const reply = await notify({ email: 'big@example.com', note: 'a'.repeat(8 * 1024 * 1024) });
      expect(reply.status).toBe(413);
      expect(await mailsTo('big@example.com')).toEqual([]);
    });

    it.each([
      ['a NUL in the SKU', { email: 'nul@example.com', sku: 'A\u0000B' }],
      ['a NUL in the e-mail', { email: 'n\u0000ul@example.com' }],
    ])('%s is a 400 with a field error, never a 500', async (_name, fields) => {
      const reply = await notify(fields);
      expect(reply.status).toBe(400);
      expect(textOf(reply)).toContain('This field contains characters we cannot accept.');
      expect(app.takeErrors()).toEqual([]);
    });

    it.each([
      ['a JSON body', 'application/json', '{"email":"a@example.com"}', 415],
      ['a text body', 'text/plain', 'email=a@example.com', 415],
      ['an empty body without a type', '', '', 415],
    ])('%s on a form action is refused (%s), never a 500', async (_name, type, body, status) => {
      const reply = await app.request('/api/product/notify', {
        method: 'POST',
        headers: type ? { 'Content-Type': type } : {},
        body,
      });
      expect(reply.status).toBe(status);
      expect(app.takeErrors()).toEqual([]);
    });

    // (DELETE with a body arrives at Remix as a 400 from this HTTP client; either way a 4xx with a message.)
    it.each(['PUT', 'PATCH', 'DELETE'])('%s on a form action is refused, never a 500', async (method) => {
      const reply = await app.request('/api/product/notify', {
        method,
        headers: { 'Content-Type': FORM },
        body: `email=a%40example.com&sku=${soldOutSku}`,
      });
      expect(method === 'DELETE' ? [400, 405] : [405]).toContain(reply.status);
      expect(app.takeErrors()).toEqual([]);
    });

    it('back-in-stock: one client is stopped after 20 requests, and none counts before its confirmation', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await notify({ email: `third-party-${i}@example.com` })).status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      const refused = await notify({ email: 'one-more@example.com' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(textOf(refused)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
      // 20 confirmation mails, 0 subscriptions that count.
      const confirmed = await app.services.db
        .select()
        .from(backInStockRequests)
        .where(isNotNull(backInStockRequests.confirmedAt));
      expect(confirmed).toEqual([]);
      expect(await app.services.inventory.backInStockSubscribers(soldOutSku)).toEqual([]);
    });

    it('back-in-stock: one address gets at most 3 requests an hour', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await notify({ email: 'Target@Example.com' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('the 400 and 405 pages say what happened instead of "try again in a moment"', async () => {
      const badRequest = await app.request('/search?q=jacket&sort=cheapest', {
        headers: { Accept: 'text/html' },
      });
      expect(badRequest.status).toBe(400);
      expect(textOf(badRequest)).toContain('Bad request');
      expect(badRequest.text).not.toContain('try again in a moment');

      const notAllowed = await app.request('/api/product/notify', { headers: { Accept: 'text/html' } });
      expect(notAllowed.status).toBe(405);
      expect(notAllowed.headers.allow).toBe('POST');
      expect(textOf(notAllowed)).toContain('This address does not accept this kind of request.');
      expect(notAllowed.text).not.toContain('try again in a moment');
    });
  });

  describe('back-in-stock', () => {
    it('without JavaScript: 303 back to the product page with a flash shown once, then the link confirms once', async () => {
      const email = 'no-js@example.com';
      const posted = await notify({ email, redirectTo: '/products/x/Black?size=M#back-in-stock' });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/products/x/Black?size=M#back-in-stock');
      expect(posted.headers['cache-control']).toBe('private, no-store');
      const flash = String(posted.headers['set-cookie']).split(';')[0]!;
      expect(flash).toMatch(/^flash=/);

      const shown = await app.request('/cookie-settings', { headers: { Cookie: flash } });
      expect(shown.headers['set-cookie']?.[0]).toMatch(/^flash=; Max-Age=0/);
      expect(shown.headers['cache-control']).toBe('private, no-store');

      const [mail] = await mailsTo(email);
      const link = /https?:\/\/[^/\s]+(\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
      expect(link).toBeDefined();
      const page = await app.request(link!);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      // The last policy of the list is the one browsers apply.
      // `same-origin`: the token never reaches another site, and the page's own form still posts (decision 091).
      expect(page.headers['referrer-policy']).toMatch(/(^|, )same-origin$/);
      expect(textOf(page)).toContain(`(${soldOutSku}) is back in stock`);
      // Showing the page changed nothing.
      expect(await app.services.inventory.backInStockSubscribers(soldOutSku)).not.toContain(email);

      const token = new URL(link!, app.origin).searchParams.get('token')!;
      const key = /name="_key" value="([^"]+)"/.exec(page.text)?.[1];
      expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const confirmed = await post(
        '/back-in-stock/confirm',
        new URLSearchParams({ token, _key: key!, redirectTo: '/back-in-stock/confirm' }).toString(),
      );
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.location).toBe('/back-in-stock/confirm');
      expect(await app.services.inventory.backInStockSubscribers(soldOutSku)).toContain(email);
      const after = await app.request('/back-in-stock/confirm', {
        headers: { Cookie: String(confirmed.headers['set-cookie']).split(';')[0]! },
      });
      expect(textOf(after)).toContain('Your back-in-stock alert for');
      expect(textOf(after)).toContain('is on. We will email you once when it is back.');

      // The same button pressed twice (same key): the first outcome. A new submission: the link is used.
      const repeat = await post(
        '/back-in-stock/confirm.data',
        new URLSearchParams({ token, _key: key! }).toString(),
      );
      expect(repeat.status).toBe(200);
      expect(repeat.text).toContain('is on. We will email you once when it is back.');
      const reused = await post('/back-in-stock/confirm.data', new URLSearchParams({ token }).toString());
      expect(reused.status).toBe(404);
      expect(reused.text).toContain('This confirmation link has expired or was already used.');
    });

    it('with JavaScript: replies in place; a repeated key queues one mail; the honeypot stores nothing', async () => {
      const key = 'abcdefghijklmnopqrstuvwx';
      const first = await viaFetcher('/api/product/notify', {
        sku: soldOutSku,
        email: 'js@example.com',
        _key: key,
      });
      const again = await viaFetcher('/api/product/notify', {
        sku: soldOutSku,
        email: 'js@example.com',
        _key: key,
      });
      expect([first.status, again.status]).toEqual([200, 200]);
      expect(again.text).toContain('Almost done: we have sent you an email.');
      expect(await mailsTo('js@example.com')).toHaveLength(1);

      const bot = await viaFetcher('/api/product/notify', {
        sku: soldOutSku,
        email: 'bot@example.com',
        website: 'http://spam.example',
      });
      expect(bot.status).toBe(400);
      expect(bot.text).toContain('Form not submitted properly');
      expect(await mailsTo('bot@example.com')).toEqual([]);
      expect(
        await app.services.db
          .select()
          .from(backInStockRequests)
          .where(and(eq(backInStockRequests.email, 'bot@example.com'))),
      ).toEqual([]);

      for (let i = 0; i < 3; i += 1)
        await viaFetcher('/api/product/notify', { sku: soldOutSku, email: 'js-limit@example.com' });
      const limited = await viaFetcher('/api/product/notify', {
        sku: soldOutSku,
        email: 'JS-limit@example.com',
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it("without JavaScript a 429 is the store's error page with the message and a way back", async () => {
      for (let i = 0; i < 3; i += 1) await notify({ email: 'no-js-limit@example.com' });
      const page = await notify(
        { email: 'no-js-limit@example.com', redirectTo: '/products/x/Black' },
        { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
      );
      expect(page.status).toBe(429);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(textOf(page)).toMatch(
        /Error 429 Too many requests Too many attempts\. Please try again in \d+ minutes?\./,
      );
      expect(page.text).toMatch(/<a[^>]*href="\/products\/x\/Black"[^>]*>Go back/);
    });
  });

  describe('cookie settings', () => {
    it('without JavaScript: saves, comes back to the page, which says so once and shows the choice', async () => {
      const saved = await post(
        '/cookie-settings',
        'intent=save&C0003=on&redirectTo=%2Fcookie-settings%3FredirectTo%3D%252Fmens%252F',
        { Cookie: '_ga=GA1.1' },
      );
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe('/cookie-settings?redirectTo=%2Fmens%2F');
      const cookies = saved.headers['set-cookie'] ?? [];
      expect(cookies[0]).toBe(
        'consent=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0; Max-Age=31536000; Path=/; SameSite=Lax',
      );
      // Without C0002 the tracking cookie the request carried is expired.
      expect(cookies.some((cookie) => /^_ga=; .*Max-Age=0/.test(cookie))).toBe(true);
      const flash = cookies.find((cookie) => cookie.startsWith('flash='))!.split(';')[0]!;

      const page = await app.request('/cookie-settings?redirectTo=%2Fmens%2F', {
        headers: { Cookie: `${flash}; ${cookies[0]!.split(';')[0]}` },
      });
      expect(textOf(page)).toContain('Your cookie choices are saved.');
      expect(page.text).toMatch(/<input[^>]*name="C0003"[^>]*checked/);
      expect(page.text).not.toMatch(/<input[^>]*name="C0002"[^>]*checked/);
      expect(page.text).toMatch(/<a[^>]*href="\/mens\/"[^>]*>Back to the page you were on/);
      const reload = await app.request('/cookie-settings?redirectTo=%2Fmens%2F', {
        headers: { Cookie: cookies[0]!.split(';')[0]! },
      });
      expect(textOf(reload)).not.toContain('Your cookie choices are saved.');
    });

    it('with JavaScript: the fetcher gets the message and the cookie; an unknown intent is a 400', async () => {
      const allowed = await viaFetcher('/cookie-settings', { intent: 'accept-all' });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain('Your cookie choices are saved.');
      expect(allowed.headers['set-cookie']?.[0]).toMatch(
        /^consent=C0001%3A1%2CC0002%3A1%2CC0003%3A1%2CC0004%3A1;/,
      );
      const unknown = await viaFetcher('/cookie-settings', { intent: 'delete-everything' });
      expect(unknown.status).toBe(400);
      expect(unknown.text).toContain('Choose Save my choices, Allow all or Reject all.');
      expect(unknown.headers['set-cookie']).toBeUndefined();
    });
  });
});
