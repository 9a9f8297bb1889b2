/**
 * Pictures a catalogue import stored (decision 096) are served from the database at `/images/imported/{name}` by
 * whichever app server gets the request: immutable, typed by their name, and an SVG under a policy that runs nothing.
 * Both engines: the bytes make the round trip through `bytea` on each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachEngine } from '../helpers/database';
import { startHttpApp, type RunningApp } from '../helpers/http-app';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="10"><script>alert(1)</script></svg>';
const NAME = `${'ab'.repeat(16)}.svg`;

forEachEngine('imported images over HTTP', (engine) => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startHttpApp({ engine, products: 4, microCache: false });
    await app.services.db.execute(
      sql`insert into imported_images (name, content_type, bytes)
          values (${NAME}, 'image/svg+xml', ${Buffer.from(SVG, 'utf8')})`,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a stored picture with its type, immutable, an SVG sandboxed', async () => {
    const reply = await app.request(`/images/imported/${NAME}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(reply.text).toBe(SVG);
  });

  it('answers 404 for a name no import stored, and for a name no import writes', async () => {
    for (const name of [
      `${'cd'.repeat(16)}.svg`,
      '..%2F..%2Fetc%2Fpasswd',
      'x.svg',
      `${'ab'.repeat(16)}.exe`,
    ]) {
      const reply = await app.request(`/images/imported/${name}`);
      expect(reply.status, name).toBe(404);
    }
    expect(app.takeErrors()).toEqual([]);
  });
});
