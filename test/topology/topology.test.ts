/**
 * Issue 23 §7, decision 083: the store as a brand deploys it. Two app servers from the production build on one
 * PostgreSQL database, behind Varnish with the shipped VCL and nginx terminating TLS with the shipped server block
 * (scripts/topology/harness.ts). Through that front door, and straight to each server as the proxies forward it:
 * - a shopper signs in through one server and shops through the others (account, cart, checkout);
 * - after sign-out, the old cookies are refused on every personal route of every server;
 * - a copied `price_list` cookie on an anonymous request does not make pro customers see retail prices;
 * - a mixed load of anonymous, consumer, pro, shed and cart-holding shoppers: no response carries another viewer's
 *   price list, cart count, signed-in header or name;
 * - the servers restart one by one under load with no error through the CDN.
 * The counts are printed (requests, leaks, errors).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import postgres from 'postgres';
import sharp from 'sharp';
import zlib from 'node:zlib';
import { FormData as UndiciFormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { Shopper, clearedCookies, type Reply, type Route } from '../../scripts/topology/client';
import { startTopology, type Topology } from '../../scripts/topology/harness';
import { isCi } from '../helpers/postgres-admin';
import {
  TOPOLOGY_PRODUCTS,
  cartCountOf,
  identity,
  namesIn,
  priceListOf,
  probe,
  showsSignedIn,
  stockedVariants,
  type Identity,
  type PriceList,
} from './viewers';

/** nginx at this port, Varnish at +1, the app servers at +2, +3. */
const BASE_PORT = Number(process.env.TOPOLOGY_PORT ?? 3400);
const SERVERS = 2;
const LOAD_REQUESTS = 1_000;
const LOAD_CONCURRENCY = 8;

const tools = ['/usr/sbin/varnishd', '/usr/sbin/nginx', '/usr/bin/openssl'];
const missing = tools.filter((tool) => !fs.existsSync(tool));
const postgresState = inject('postgres');
const unavailable = [
  ...(postgresState.available ? [] : [postgresState.reason]),
  ...(missing.length > 0
    ? [`missing ${missing.join(', ')} (Debian's varnish, nginx, openssl; see .ci/run)`]
    : []),
];
// As the PostgreSQL tests do: skipped on a machine without the tools, failed under CI.
const describeTopology = unavailable.length > 0 && !isCi ? describe.skip : describe;

const print = (line: string) => process.stdout.write(`[topology] ${line}\n`);

describeTopology(
  'the production topology: TLS → Varnish → two app servers → PostgreSQL (issue 23 §7)',
  () => {
    let topology: Topology;
    let sql: postgres.Sql;
    let categoryPath: string;
    let productPath: string;

    beforeAll(async () => {
      if (unavailable.length > 0) throw new Error(`The topology test cannot run: ${unavailable.join('; ')}`);
      topology = await startTopology({
        servers: SERVERS,
        basePort: BASE_PORT,
        products: TOPOLOGY_PRODUCTS,
        log: print,
      });
      sql = postgres(topology.databaseUrl, { max: 1, onnotice: () => {} });
      categoryPath = probe.categoryUrl;
      const category = await new Shopper(topology.publicUrl, topology.dispatcher).get(categoryPath);
      expect(category.status).toBe(200);
      const link = new RegExp(`href="(/products/${probe.product.url}/[^"?]+)"`).exec(category.text);
      if (!link) throw new Error(`${categoryPath} does not link ${probe.product.url}`);
      productPath = link[1]!;
    }, 120_000);

    afterAll(async () => {
      await sql?.end({ timeout: 5 });
      await topology?.close();
    }, 60_000);

    const shopper = () => new Shopper(topology.publicUrl, topology.dispatcher);
    const routes = (who: Shopper): Route[] => topology.servers.map((server) => who.via(server.url));

    async function customerId(kind: Identity['kind']): Promise<number> {
      const [row] = await sql<
        { id: number }[]
      >`select id from customers where email = ${identity(kind).email}`;
      return row!.id;
    }

    /** Units in the customer's carts and orders placed by the customer, read from the database. */
    async function customerState(id: number) {
      const [cart] = await sql<{ units: number }[]>`
      select coalesce(sum(l.quantity), 0)::int as units
      from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${id}`;
      const [orders] = await sql<
        { count: number }[]
      >`select count(*)::int as count from orders where customer_id = ${id}`;
      return { cartUnits: cart!.units, orders: orders!.count };
    }

    const addToCart = (
      who: Shopper,
      variant: (typeof stockedVariants)[number],
      quantity: number,
      route?: Route,
    ) =>
      who.post(
        '/cart/add',
        {
          productId: String(variant.productId),
          variantId: String(variant.id),
          quantity: String(quantity),
          _key: crypto.randomBytes(18).toString('base64url'),
        },
        { route },
      );

    /** The place-order form's fields as a shopper fills them in (the idempotency key from the page the caller got). */
    const orderForm = (key: string, who: Identity) => ({
      _key: key,
      redirectTo: '/checkout',
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      address1: '1200 Ridge Road',
      address2: '',
      city: 'Bozeman',
      countryCode: 'US',
      stateOrProvince: 'MT',
      postalCode: '59715',
      payment: 'manual',
    });
    const idempotencyKey = (page: Reply) => /name="_key" value="([^"]+)"/.exec(page.text)?.[1];

    test('signed in through one server, the shopper uses the account, builds a cart and checks out on the others', async () => {
      const casey = identity('consumer');
      const consumer = shopper();
      // The e-mail step through server 1, the password step through server 2.
      const [first, second] = routes(consumer) as [Route, Route];
      await consumer.signIn('consumer', { email: first, password: second });
      for (const route of [...routes(consumer), undefined]) {
        const account = await consumer.get('/account/profile', { route });
        expect(account.status, `account page via ${route?.url ?? 'the CDN'}`).toBe(200);
        expect(account.text).toContain(casey.email);
      }
      const before = await customerState(await customerId('consumer'));
      const [one, two] = stockedVariants as [
        (typeof stockedVariants)[number],
        (typeof stockedVariants)[number],
      ];
      expect((await addToCart(consumer, one, 1, first)).status).toBeLessThan(400);
      expect((await addToCart(consumer, two, 2, second)).status).toBeLessThan(400);
      for (const route of [...routes(consumer), undefined]) {
        const cart = await consumer.get('/cart', { route });
        expect(cart.status).toBe(200);
        expect(cartCountOf(cart.text), `cart via ${route?.url ?? 'the CDN'}`).toBe(before.cartUnits + 3);
      }
      // The checkout page from server 2, the order placed through server 1, the confirmation through the CDN.
      const checkout = await consumer.get('/checkout', { route: second });
      expect(checkout.status).toBe(200);
      const key = idempotencyKey(checkout);
      expect(key).toBeTruthy();
      const placed = await consumer.post('/checkout', orderForm(key!, casey), { route: first });
      expect(placed.status).toBe(303);
      const confirmation = await consumer.get('/checkout');
      expect(confirmation.text).toMatch(/Thank you! Your order #\d+ is placed\./);
      expect((await customerState(await customerId('consumer'))).orders).toBe(before.orders + 1);
    });

    test('a repair photo uploaded through one server is served to the repair desk by the other', async () => {
      const consumer = shopper();
      const [first, second] = routes(consumer) as [Route, Route];
      await consumer.signIn('consumer', { email: first, password: first });
      const id = await customerId('consumer');
      const [line] = await sql<{ id: number }[]>`
        select l.id from order_lines l join orders o on o.id = l.order_id
        where o.customer_id = ${id} order by l.id limit 1`;
      expect(line, 'the consumer has an order line to repair').toBeTruthy();
      const api = async (
        route: Route,
        method: string,
        path: string,
        options: { json?: unknown; multipart?: UndiciFormData },
      ) => {
        const reply = await consumer.send(method, `/api/repair-admin/${path}`, { ...options, route });
        return {
          status: reply.status,
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, read field by field below
          body: JSON.parse(reply.text || '{}') as { data?: any; message?: string },
        };
      };
      const created = await api(first, 'POST', 'createRepair', {
        json: {
          repair: { reason_for_request: 'warranty' },
          product: { order_line_id: line!.id },
          customer: {
            first_name: 'Casey',
            last_name: 'Consumer',
            phone: '(406)-555-0101',
            email: identity('consumer').email,
            address1: '1200 Ridge Road',
            address2: '',
            city: 'Bozeman',
            state_or_province: 'Montana',
            postal_code: '59715',
            country: 'US',
          },
        },
      });
      expect(created.status, created.body.message).toBe(201);
      const repairId = created.body.data.id as number;
      // Signed on server 1, the file sent to server 2, attached on server 1.
      const signed = await api(first, 'POST', 'signedUrl', {
        json: { image_type: 'image/png', image_name: 'tear', image_extension: 'png' },
      });
      expect(signed.status, signed.body.message).toBe(200);
      const form = new UndiciFormData();
      for (const [field, value] of Object.entries(signed.body.data.fields as Record<string, string>))
        form.append(field, value);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3d6b8f' } })
        .png()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(png)]), 'tear.png');
      const sent = await api(second, 'POST', 'upload', { multipart: form });
      expect(sent.status, sent.body.message).toBe(201);
      const attached = await api(first, 'PUT', `uploadRepairFiles/${repairId}`, {
        json: { files: [{ key: signed.body.data.fields.key, name: 'tear.png' }] },
      });
      expect(attached.status, attached.body.message).toBe(200);
      const fileId = attached.body.data.files[0].id as number;
      await sql`update repairs set status = 'submitted' where id = ${repairId}`;
      // The desk, signed in by HTTP Basic for scripts (decision 088), sees it on every server.
      const desk = shopper();
      const basic = `Basic ${Buffer.from('staff@example.com:Outdoors#2026').toString('base64')}`;
      for (const route of routes(desk)) {
        const photo = await desk.get(`/staff/repairs/photo/${fileId}`, {
          route,
          headers: { Authorization: basic },
        });
        expect([route.url, photo.status, photo.headers['content-type']]).toEqual([
          route.url,
          200,
          'image/png',
        ]);
      }
      print(
        `repair photo ${fileId}: uploaded via ${second.url}, served by ${topology.servers.length} of ${topology.servers.length} servers`,
      );
    });

    test('after sign-out on one server, the old cookies are refused on every personal route of every server', async () => {
      const vivian = identity('vip');
      const customer = shopper();
      await customer.signIn('vip');
      expect((await addToCart(customer, stockedVariants[2]!, 1)).status).toBeLessThan(400);
      const checkoutPage = await customer.get('/checkout');
      const key = idempotencyKey(checkoutPage);
      expect(key).toBeTruthy();
      for (const route of routes(customer))
        expect((await customer.get('/account/profile', { route })).text).toContain(vivian.email);

      const stolen = customer.copy();
      const signedOut = await customer.post('/api/sign-out', {}, { route: routes(customer)[0] });
      expect(signedOut.status).toBeLessThan(400);
      const id = await customerId('vip');
      const before = await customerState(id);

      const personal = [
        '/account/profile',
        '/account/orders',
        '/account/addresses',
        '/cart',
        '/checkout',
        '/training',
        '/promo-order',
        '/pro-program',
        '/warranties/repair',
        '/api/personal-state',
      ];
      const refusals: string[] = [];
      for (const route of [...routes(stolen), undefined]) {
        const where = route?.url ?? 'the CDN';
        for (const path of personal) {
          // Each request with the copied cookies as they were (a stranger's browser keeps what it copied).
          const replay = stolen.copy();
          const reply = await replay.get(path, { route });
          const shown = namesIn(reply.text, [vivian]);
          const refused =
            reply.status < 500 &&
            shown.length === 0 &&
            !showsSignedIn(reply.text) &&
            !/"signedIn":true/.test(reply.text) &&
            cartCountOf(reply.text) === null;
          if (!refused)
            refusals.push(
              `${where} ${path}: ${reply.status}, shows ${shown.join(', ') || 'the signed-in state'}`,
            );
          if (path.startsWith('/account'))
            expect(reply.headers.location, `${where} ${path}`).toBe('/?login=true');
        }
        const add = stolen.copy();
        const added = await addToCart(add, stockedVariants[3]!, 1, route);
        expect(clearedCookies(added), `${where} add to cart clears the ended session`).toEqual(
          expect.arrayContaining([expect.stringMatching(/customer_token$/)]),
        );
        await stolen.copy().post('/checkout', orderForm(key!, vivian), { route });
      }
      expect(refusals.length, `not refused:\n${refusals.join('\n')}`).toBe(0);
      // Nothing reached the customer's cart or orders.
      expect(await customerState(id)).toEqual(before);
    });

    test('with the VCL’s ESI switch on, pages of shoppers without scripts are assembled by Varnish, equal to the pages an app server splices for them (decision 115)', async () => {
      const [one, two] = stockedVariants as [
        (typeof stockedVariants)[number],
        (typeof stockedVariants)[number],
      ];
      // Two shoppers without scripts, each with a cart of their own (the POSTs pass through the CDN).
      const ann = shopper();
      const ben = shopper();
      expect((await addToCart(ann, one, 2)).status).toBeLessThan(400);
      expect((await addToCart(ben, two, 1)).status).toBeLessThan(400);
      const pages = ['/', categoryPath, '/help/shipping'];
      topology.useEsi(true);
      try {
        for (const page of pages) {
          const first = await ann.get(page);
          const again = await ann.get(page);
          const other = await ben.get(page);
          expect([first.status, again.status, other.status], page).toEqual([200, 200, 200]);
          // The shell is stored once and shared; each page is assembled with the shopper's own fragments.
          expect(String(first.headers['x-cache']), page).toMatch(/^(miss|hit)$/);
          expect([again.headers['x-cache'], other.headers['x-cache']], page).toEqual(['hit', 'hit']);
          expect(cartCountOf(again.text), page).toBe(2);
          expect(cartCountOf(other.text), page).toBe(1);
          expect(again.headers['cache-control'], page).toBe('private, no-store');
          expect(again.headers.etag, page).toBeUndefined();
          expect(again.text, page).not.toContain('<esi:');
          // Byte for byte the page an app server splices for the same shopper (decision 107).
          for (const [who, reply] of [
            [ann, again],
            [ben, other],
          ] as const) {
            const spliced = await who.get(page, { route: who.via(topology.servers[1]!.url) });
            expect(String(spliced.headers['server-timing']), page).toMatch(/splice;/);
            expect(reply.text, page).toBe(spliced.text);
          }
          // Gzip assembled by Varnish around the fragments: the same page.
          const zipped = await request(topology.publicUrl + page, {
            headers: { Cookie: ann.cookieHeader(), 'Accept-Encoding': 'gzip' },
            dispatcher: topology.dispatcher,
          });
          expect(zipped.headers['content-encoding'], page).toBe('gzip');
          const unzipped = zlib.gunzipSync(Buffer.from(await zipped.body.arrayBuffer())).toString('utf8');
          expect(unzipped, page).toBe(again.text);
        }
        // A shopper whose browser runs scripts still gets the shared copy, with no state in it.
        const scripted = await ann.copy().runsScripts().get('/');
        expect(scripted.headers['cache-control']).toMatch(/^public/);
        expect(scripted.text).not.toContain('<esi:');
      } finally {
        topology.useEsi(false);
      }
      // Switched off, the same shopper is passed again and spliced by an app server.
      const passed = await ann.get(categoryPath);
      expect(passed.headers['x-cache']).toBe('pass');
      expect(cartCountOf(passed.text)).toBe(2);
    });

    test('a copied price_list cookie on an anonymous request does not make pro customers see retail prices', async () => {
      const pro = shopper();
      await pro.signIn('pro');
      pro.runsScripts();
      const priceCookie = [...pro.cookies.keys()].find((name) => /price_list$/.test(name));
      expect(priceCookie, 'the pro customer has a price_list cookie').toBeTruthy();
      const copied = pro.cookies.get(priceCookie!)!;
      const wrong: string[] = [];
      for (let round = 1; round <= 3; round += 1) {
        for (const page of [categoryPath, productPath]) {
          const url = `${page}?poison=${round}`;
          for (const value of [copied, 'p2.forged', copied.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
            // The attacker: no session, the pro customers' cookie (or a forged one), scripts on (shared copies).
            const attacker = shopper().runsScripts();
            attacker.cookies.set(priceCookie!, value);
            const poisoned = await attacker.get(url);
            expect(poisoned.status).toBeLessThan(500);
            expect(showsSignedIn(poisoned.text)).toBe(false);
            for (const viewer of [pro, undefined]) {
              const reply = await (viewer ?? shopper()).get(url);
              const expected: PriceList = viewer ? 'pro' : 'retail';
              const seen = priceListOf(reply.text);
              if (seen !== expected)
                wrong.push(`${url} (${value === copied ? 'copied' : 'forged'}): ${expected} saw ${seen}`);
            }
          }
        }
      }
      expect(wrong.length, `pro or retail copies wrong, e.g.:\n${wrong.slice(0, 10).join('\n')}`).toBe(0);
    });

    type Viewer = {
      name: string;
      shopper: Shopper;
      priceList: PriceList;
      /** The count its header shows (personal renders only). */
      count: number | null;
      signedIn: boolean;
      person?: Identity;
      /** An attacker with a copied price_list cookie: what it sees is not checked, only that nothing personal leaks. */
      attacker?: boolean;
    };

    let viewerList: Promise<Viewer[]> | undefined;
    /** The load's viewers, signed in once for both load tests. */
    const viewers = () => (viewerList ??= makeViewers());

    async function makeViewers(): Promise<Viewer[]> {
      const make = async (
        name: string,
        options: { kind?: Identity['kind']; units?: number; js?: boolean; priceList: PriceList },
      ): Promise<Viewer> => {
        const who = shopper();
        if (options.kind) await who.signIn(options.kind);
        if (options.units) {
          const added = await addToCart(who, stockedVariants[4]!, options.units);
          expect(added.status).toBeLessThan(400);
        }
        if (options.js) who.runsScripts();
        const personal = !options.js;
        return {
          name,
          shopper: who,
          priceList: options.priceList,
          count: personal && options.units ? options.units : null,
          signedIn: personal && Boolean(options.kind),
          person: options.kind ? identity(options.kind) : undefined,
        };
      };
      const list = [
        await make('anonymous', { priceList: 'retail' }),
        await make('anonymous, scripts on', { priceList: 'retail', js: true }),
        await make('cart of 3', { priceList: 'retail', units: 3 }),
        await make('cart of 3, scripts on', { priceList: 'retail', units: 3, js: true }),
        await make('consumer', { kind: 'consumer', priceList: 'retail' }),
        await make('consumer, scripts on', { kind: 'consumer', priceList: 'retail', js: true }),
        await make('pro', { kind: 'pro', priceList: 'pro' }),
        await make('pro, scripts on', { kind: 'pro', priceList: 'pro', js: true }),
        await make('pro with a cart of 2', { kind: 'pro', priceList: 'pro', units: 2 }),
        await make('shed', { kind: 'shed', priceList: 'shed' }),
        await make('shed, scripts on', { kind: 'shed', priceList: 'shed', js: true }),
      ];
      const pro = list.find((viewer) => viewer.name === 'pro')!;
      const attacker = shopper().runsScripts();
      for (const [name, value] of pro.shopper.cookies)
        if (/price_list$/.test(name)) attacker.cookies.set(name, value);
      list.push({
        name: 'copied price_list',
        shopper: attacker,
        priceList: 'retail',
        count: null,
        signedIn: false,
        attacker: true,
      });
      return list;
    }

    const people = (['consumer', 'pro', 'shed'] as const).map(identity);

    /** What is wrong with a reply to this viewer: a leak (another viewer's data) or a miss (its own is absent). */
    function check(viewer: Viewer, path: string, reply: Reply): { leaks: string[]; misses: string[] } {
      const leaks: string[] = [];
      const misses: string[] = [];
      const html = reply.text;
      const others = namesIn(html, people).filter((kind) => kind !== viewer.person?.kind);
      if (others.length > 0) leaks.push(`name of ${others.join(', ')}`);
      const count = cartCountOf(html);
      if (count !== viewer.count)
        (count === null ? misses : leaks).push(`cart count ${count} (own ${viewer.count})`);
      if (showsSignedIn(html) !== viewer.signedIn)
        (viewer.signedIn ? misses : leaks).push(`signed-in header ${showsSignedIn(html)}`);
      if (path !== '/account/profile' && !viewer.attacker) {
        const list = priceListOf(html);
        if (list !== viewer.priceList) (list === 'none' ? misses : leaks).push(`price list ${list}`);
      }
      if (path === '/account/profile' && viewer.person && !html.includes(viewer.person.email))
        misses.push('own account page');
      return { leaks, misses };
    }

    type Tally = { requests: number; leaks: string[]; misses: string[]; errors: string[] };

    /** Runs until `stop()` resolves (or `requests` are sent), `concurrency` shoppers at a time, through TLS. */
    async function mixedLoad(
      list: Viewer[],
      options: { requests?: number; concurrency: number; until?: Promise<unknown> },
    ): Promise<Tally> {
      const tally: Tally = { requests: 0, leaks: [], misses: [], errors: [] };
      let stopped = false;
      void options.until?.then(() => (stopped = true));
      let sent = 0;
      const worker = async (seedIndex: number) => {
        for (let turn = seedIndex; ; turn += 1) {
          if (stopped || (options.requests !== undefined && sent >= options.requests)) return;
          sent += 1;
          const viewer = list[(turn * 7 + seedIndex) % list.length]!;
          const account = viewer.person && !viewer.attacker && turn % 10 === 0;
          const path = account ? '/account/profile' : turn % 2 === 0 ? categoryPath : productPath;
          try {
            // The copy keeps the viewer's cookies fixed: the load checks what each one sees, not cookie updates.
            const reply = await viewer.shopper.get(path, { keep: false });
            tally.requests += 1;
            if (reply.status !== 200) {
              tally.errors.push(`${viewer.name} ${path}: ${reply.status}`);
              continue;
            }
            const { leaks, misses } = check(viewer, path, reply);
            tally.leaks.push(...leaks.map((leak) => `${viewer.name} ${path}: ${leak}`));
            tally.misses.push(...misses.map((miss) => `${viewer.name} ${path}: ${miss}`));
          } catch (error) {
            tally.requests += 1;
            tally.errors.push(`${viewer.name} ${path}: ${(error as Error).message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
      return tally;
    }

    const summary = (tally: Tally) =>
      `${tally.requests} requests, ${tally.leaks.length} leaks, ${tally.misses.length} misses, ${tally.errors.length} errors`;

    test(`a mixed load of ${LOAD_REQUESTS} requests: no response carries another viewer's price list, count or name`, async () => {
      const list = await viewers();
      const started = performance.now();
      const tally = await mixedLoad(list, { requests: LOAD_REQUESTS, concurrency: LOAD_CONCURRENCY });
      print(
        `mixed load: ${summary(tally)} in ${Math.round(performance.now() - started)} ms (${list.length} viewers)`,
      );
      expect(tally.requests).toBe(LOAD_REQUESTS);
      expect(tally.leaks.length, `leaks, e.g.:\n${tally.leaks.slice(0, 10).join('\n')}`).toBe(0);
      expect(tally.misses.length, `misses, e.g.:\n${tally.misses.slice(0, 10).join('\n')}`).toBe(0);
      expect(tally.errors.length, `errors, e.g.:\n${tally.errors.slice(0, 10).join('\n')}`).toBe(0);
    });

    test('the servers restart one by one under load with no error through the CDN', async () => {
      const list = await viewers();
      let restarted!: () => void;
      const done = new Promise<void>((resolve) => (restarted = resolve));
      const load = mixedLoad(list, { concurrency: 4, until: done });
      try {
        for (const server of topology.servers) {
          await server.stop();
          await topology.waitForBackend(server, 'sick');
          await server.start();
          await topology.waitForBackend(server, 'healthy');
        }
      } finally {
        restarted();
      }
      const tally = await load;
      print(`rolling restart of ${SERVERS} servers under load: ${summary(tally)}`);
      expect(tally.requests).toBeGreaterThan(50);
      expect(tally.errors.length, `errors, e.g.:\n${tally.errors.slice(0, 10).join('\n')}`).toBe(0);
      expect(tally.leaks.length, `leaks, e.g.:\n${tally.leaks.slice(0, 10).join('\n')}`).toBe(0);
      expect(tally.misses.length, `misses, e.g.:\n${tally.misses.slice(0, 10).join('\n')}`).toBe(0);
    });
  },
);
