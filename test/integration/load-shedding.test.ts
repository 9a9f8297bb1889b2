/**
 * Load shedding (issue 7 §4): beyond the render gate's capacity a request gets a 503 with Retry-After at once,
 * never a 500; cached copies are served whatever the load.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { setCookieHeader } from '../../server/web/cookies.server';
import { startHttpApp } from '../helpers/http-app';

let app: Awaited<ReturnType<typeof startHttpApp>>;

beforeAll(async () => {
  // One render at a time and no queue: a burst of renders must shed.
  app = await startHttpApp({ env: { RENDER_CONCURRENCY: '1', RENDER_QUEUE: '0' }, microCache: false });
});

afterAll(async () => {
  await app?.close();
});

test('a burst of renders beyond the gate gets 503 with Retry-After, the rest 200, none a 500', async () => {
  const paths = [
    '/mens/',
    '/womens/',
    '/youth/',
    '/gear/',
    '/',
    '/mens/?sort=price-asc',
    '/womens/?page=1',
    '/',
  ];
  const replies = await Promise.all(paths.map((path) => app.request(path)));
  const statuses = replies.map((reply) => reply.status);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  for (const reply of replies.filter((candidate) => candidate.status === 503)) {
    expect(reply.headers['retry-after']).toBe('2');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.text).toContain('Temporarily unavailable');
  }
  // Once the burst is over, pages render again.
  expect((await app.request('/mens/')).status).toBe(200);
  expect(app.takeErrors()).toEqual([]);
});

test('clients that leave mid-render do not keep the only render slot', async () => {
  const url = new URL(app.origin);
  // Personal renders (a shopper with a cart, no scripts) stream their body: the case where a response to a client
  // that has gone can never finish.
  const cart = setCookieHeader('cart', crypto.randomUUID(), app.services.config.cookies).split(';')[0]!;
  for (const path of ['/mens/', '/womens/', '/youth/']) {
    await new Promise<void>((resolve) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path, headers: { Cookie: cart } },
        (response) => {
          // Headers arrived: leave before the body has been read.
          response.destroy();
          resolve();
        },
      );
      request.on('error', () => resolve());
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 30);
    });
  }
  // With one slot and no queue, a request is shed while any render holds the slot. The slots of the clients that
  // left must come free within moments (the server notices each close); a leaked slot would be held for good.
  await expect
    .poll(async () => (await app.request('/gear/')).status, { timeout: 5_000, interval: 100 })
    .toBe(200);
  expect(app.takeErrors()).toEqual([]);
});
