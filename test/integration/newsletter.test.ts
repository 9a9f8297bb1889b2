/**
 * The footer newsletter (issue 10 §10; SPEC §4, §7, §8): the customers context's `subscribe` on both engines
 * (twice is no error; a store that fails answers a message, not an exception), and `/api/newsletter` over the
 * production HTTP app with JavaScript (a fetcher's `.data` post) and without (303 and the flash shown in the
 * footer form), before and after its table is dropped: a failure reaches the form as a plain sentence, is logged,
 * and neither the SQL nor the address leaks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersService } from '../../server/customers/index.server';
import { createLogger } from '../../server/logger';
import { createTestDatabase, describeEachEngine } from '../helpers/database';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/** The sentence the form shows when the store fails (written out, not taken from the code under test). */
const FAILED = 'We could not subscribe you just now. Please try again in a few minutes.';

describeEachEngine('newsletter subscriptions', ({ engine, database }) => {
  it('subscribes an address once; the same address again (any case) is not an error', async () => {
    const customers = createCustomersService({ db: database().db, logger: createLogger({ level: 'error' }) });
    const input = { acceptsMarketingNewsletter: true, acceptsAbandonedCartEmails: false };
    expect(await customers.subscribe({ ...input, email: 'twice@example.com' })).toEqual({
      ok: true,
      created: true,
    });
    expect(await customers.subscribe({ ...input, email: ' Twice@Example.com ' })).toEqual({
      ok: true,
      created: false,
    });
  });

  it('a store that fails answers a plain sentence and logs the cause without the address', async () => {
    const lines: string[] = [];
    const throwaway = await createTestDatabase(engine);
    try {
      await throwaway.db.execute(sql`drop table newsletter_subscriptions`);
      const customers = createCustomersService({
        db: throwaway.db,
        logger: createLogger({ level: 'info', sink: (line) => lines.push(line) }),
      });
      expect(
        await customers.subscribe({
          email: 'broken@example.com',
          acceptsMarketingNewsletter: true,
          acceptsAbandonedCartEmails: false,
        }),
      ).toEqual({ ok: false, message: FAILED });
    } finally {
      await throwaway.dispose();
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'newsletter subscription failed' });
    expect(lines[0]).toContain('newsletter_subscriptions');
    expect(lines[0]).not.toContain('broken@example.com');
  });
});

describe('newsletter over HTTP (production app)', () => {
  let app: RunningApp & { close(): Promise<void> };
  beforeAll(async () => {
    app = await startHttpApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const textOf = (reply: Reply) => reply.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  /** Without JavaScript: the post, its 303 back, and the page it lands on with the flash. */
  async function postWithoutJavaScript(email: string) {
    const posted = await post('/api/newsletter', { email, redirectTo: '/cookie-settings#newsletter' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/cookie-settings#newsletter');
    const flash = (posted.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('flash='));
    expect(flash).toBeDefined();
    return app.request('/cookie-settings', { headers: { Cookie: flash!.split(';')[0]! } });
  }
  const leaks = /newsletter_subscriptions|insert into|relation|Failed query/i;

  it('answers with the message of the store, with JavaScript and without, once the store fails', async () => {
    const ok = await post('/api/newsletter.data', { email: 'fetched@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Thank you for subscribing!');
    expect(textOf(await postWithoutJavaScript('posted@example.com'))).toContain('Thank you for subscribing!');
    expect(app.takeErrors()).toEqual([]);

    await app.services.db.execute(sql`drop table newsletter_subscriptions`);

    // With JavaScript: the fetcher's reply carries the sentence as the form's error, with a 503.
    const failed = await post('/api/newsletter.data', { email: 'fetched-later@example.com' });
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(FAILED);
    expect(failed.text).not.toMatch(leaks);

    // Without JavaScript: back to the page, where the footer form shows it beside the address typed.
    const page = await postWithoutJavaScript('posted-later@example.com');
    expect(page.status).toBe(200);
    expect(textOf(page)).toContain(FAILED);
    expect(textOf(page)).not.toContain('Thank you for subscribing!');
    expect(page.text).toMatch(/<input[^>]*value="posted-later@example.com"/);
    expect(page.text).not.toMatch(leaks);

    const errors = app.takeErrors();
    expect(errors).toHaveLength(2);
    for (const line of errors) {
      expect(line).toContain('newsletter subscription failed');
      expect(line).not.toMatch(/fetched-later@example\.com|posted-later@example\.com/);
    }
  });
});
