/**
 * `npm run bench -- --topology` (issue 23 "Must show", decision 083): throughput through Varnish with one, two and
 * three app servers, in one run on one topology (scripts/topology/harness.ts: three servers from the production
 * build on one fresh PostgreSQL database, Varnish with the shipped VCL, nginx for TLS). A server count is chosen
 * by taking the other servers' backends out of Varnish's rotation (`varnishadm backend.set_health appN sick`);
 * they stay up, idle.
 *
 * Two kinds of request, each rotating over 16 category and 16 product pages, straight to Varnish with the headers
 * nginx adds (the TLS hop is nginx's cost, not the app's):
 * - **anonymous**: no cookies: the shared copy, from Varnish once stored (the origin renders it once per
 *   `s-maxage` per URL);
 * - **personal**: a shopper with a cart (3 units) whose browser runs no scripts: with the VCL as shipped every
 *   request passes to an app server, which splices the count into the shared copy (decision 107,
 *   `private, no-store`);
 * - **personal, ESI**: the same shopper with the VCL's ESI switch on (decision 115): Varnish assembles the page from
 *   the shell it stores and three fragments an app server answers.
 * Ratios against one server, in the same run (absolute figures on a shared 2-core machine are noise).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSeedData } from '../server/db/seed/index';
import { Shopper } from './topology/client';
import { startTopology, type Topology } from './topology/harness';
import { markdownTable, writeMarkedBlock } from './markdown-table';

export type TopologyBenchOptions = {
  root: string;
  products: number;
  duration: number;
  connections: number;
  /** nginx at this port, Varnish at +1, the app servers at +2, +3, +4. */
  port: number;
  write: boolean;
};

const SERVERS = 3;
const URLS_PER_KIND = 16;

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

const unique = <T>(items: T[]) => [...new Set(items)];

/** 16 category and 16 product pages, from the store's own links. */
async function discoverPages(shopper: Shopper): Promise<string[]> {
  const home = await shopper.get('/');
  const categories = unique(
    [...home.text.matchAll(/href="(\/(?:mens|womens|youth|gear)\/[a-z0-9-]+\/)"/g)].map((match) => match[1]!),
  ).slice(0, URLS_PER_KIND);
  const products: string[] = [];
  for (const category of categories) {
    const page = await shopper.get(category);
    products.push(...[...page.text.matchAll(/href="(\/products\/[^"?]+)"/g)].map((match) => match[1]!));
    if (unique(products).length >= URLS_PER_KIND) break;
  }
  const pages = [...categories, ...unique(products).slice(0, URLS_PER_KIND)];
  if (pages.length < 2 * URLS_PER_KIND) throw new Error(`Only ${pages.length} pages found to load`);
  return pages;
}

async function load(
  topology: Topology,
  paths: string[],
  headers: Record<string, string>,
  options: TopologyBenchOptions,
): Promise<Figures> {
  const result = await autocannon({
    url: topology.varnishUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 60,
    requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath, headers })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Varnish sends traffic to the first `count` servers only; the others are marked sick by hand. */
async function useServers(topology: Topology, count: number): Promise<void> {
  for (const server of topology.servers) {
    const inUse = server.index < count;
    topology.varnishadm('backend.set_health', server.backend, inUse ? 'auto' : 'sick');
  }
  for (const server of topology.servers.slice(0, count)) await topology.waitForBackend(server, 'healthy');
}

export async function runTopologyBench(options: TopologyBenchOptions): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const topology = await startTopology({
    servers: SERVERS,
    basePort: options.port,
    products: options.products,
    env: { LOG_LEVEL: 'error' },
    log: (line) => process.stdout.write(`${line}\n`),
  });
  try {
    const anonymous = new Shopper(topology.publicUrl, topology.dispatcher);
    const pages = await discoverPages(anonymous);
    // The personal shopper's cart (3 units of a variant in stock), made through TLS and Varnish like any add.
    const seed = generateSeedData({ products: options.products });
    const variant = seed.variants.find(
      (candidate) =>
        !candidate.purchasingDisabled &&
        seed.products.find((product) => product.id === candidate.productId)?.isVisible &&
        (seed.inventoryRecords.find((record) => record.variantSku === candidate.sku)?.standardQuantity ??
          0) >= 10,
    );
    if (!variant) throw new Error('No variant in stock in the seed');
    const holder = new Shopper(topology.publicUrl, topology.dispatcher);
    const added = await holder.post('/cart/add', {
      productId: String(variant.productId),
      variantId: String(variant.id),
      quantity: '3',
      _key: crypto.randomBytes(18).toString('base64url'),
    });
    if (added.status >= 400 || ![...holder.cookies.keys()].some((name) => /^(__Host-)?cart$/.test(name)))
      throw new Error(`The add to cart answered ${added.status} without a cart cookie`);
    const check = await holder.get(pages[0]!);
    if (!check.text.includes('Cart, 3 items'))
      throw new Error(`${pages[0]} lacks the cart count (X-Cache ${check.headers['x-cache']})`);

    // What nginx adds on the way to Varnish.
    const host = new URL(topology.publicUrl).host;
    const proxied = {
      Host: host,
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '10.0.0.1',
      'Accept-Encoding': 'gzip',
    };
    const rows: { servers: number; anonymous: Figures; personal: Figures; esi: Figures }[] = [];
    const personalHeaders = { ...proxied, Cookie: holder.cookieHeader() };
    for (let count = 1; count <= SERVERS; count += 1) {
      await useServers(topology, count);
      await load(topology, pages, personalHeaders, { ...options, duration: 2 }); // warm-up
      const personal = await load(topology, pages, personalHeaders, options);
      const shared = await load(topology, pages, proxied, options);
      // The switch on, with the same servers in rotation (the loaded VCL has backends of its own).
      topology.useEsi(true);
      let esi: Figures;
      try {
        await useServers(topology, count);
        const assembled = await holder.get(pages[0]!);
        if (
          !assembled.text.includes('Cart, 3 items') ||
          assembled.headers['cache-control'] !== 'private, no-store'
        )
          throw new Error(`${pages[0]} assembled by Varnish lacks the cart count or is not private`);
        await load(topology, pages, personalHeaders, { ...options, duration: 2 }); // warm-up: the shells stored
        esi = await load(topology, pages, personalHeaders, options);
      } finally {
        topology.useEsi(false);
      }
      rows.push({ servers: count, anonymous: shared, personal, esi });
      process.stdout.write(
        `${count} server(s): anonymous ${shared.rps.toFixed(0)} req/s, personal ${personal.rps.toFixed(0)} req/s, ` +
          `personal with ESI ${esi.rps.toFixed(0)} req/s\n`,
      );
    }

    const one = rows[0]!;
    const figures = (value: Figures) =>
      `${value.p50} / ${value.p99}` +
      (value.errors || value.non2xx ? ` (${value.errors} errors, ${value.non2xx} non-2xx)` : '');
    const table = markdownTable(
      [
        'app servers',
        'personal req/s',
        'p50 / p99 ms',
        'personal ÷ 1 server',
        'anonymous req/s',
        'p50 / p99 ms',
        'anonymous ÷ 1 server',
        'personal ÷ anonymous',
        'personal, ESI req/s',
        'p50 / p99 ms',
        'ESI ÷ personal',
      ],
      rows.map((row) => [
        String(row.servers),
        row.personal.rps.toFixed(0),
        figures(row.personal),
        `**${(row.personal.rps / one.personal.rps).toFixed(2)}×**`,
        row.anonymous.rps.toFixed(0),
        figures(row.anonymous),
        `**${(row.anonymous.rps / one.anonymous.rps).toFixed(2)}×**`,
        `${(row.personal.rps / row.anonymous.rps).toFixed(3)}×`,
        row.esi.rps.toFixed(0),
        figures(row.esi),
        `**${(row.esi.rps / row.personal.rps).toFixed(2)}×**`,
      ]),
    );
    const command = `npm run bench -- --topology --products ${options.products} --duration ${options.duration} --connections ${options.connections} --port ${options.port}`;
    const report = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
        `(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${options.products} products on PostgreSQL, ` +
        `${SERVERS} app servers (\`build/node/main.js\`, NODE_ENV=production) behind Varnish with ` +
        `deploy/varnish/storefront.vcl, ` +
        `${options.connections} connections straight to Varnish, ${options.duration} s per measurement, ` +
        `${pages.length} URLs (16 categories, 16 products); load average ${loadBefore.toFixed(1)} before the run, ` +
        `${os.loadavg()[0]!.toFixed(1)} after.`,
      '',
      table,
      '',
      `Reproduce: \`${command}\``,
    ].join('\n');
    process.stdout.write(`\n${report}\n`);
    if (options.write)
      writeMarkedBlock(path.join(options.root, 'docs', 'benchmarks.md'), 'TOPOLOGY-BENCH', report);
  } finally {
    await topology.close();
  }
}
