/**
 * `npm run security [-- http://127.0.0.1:3000]`: sends the hostile requests of issue 8 (test/hostile/requests.ts)
 * to a running store and prints one line per request. Exits 1 when any answer is a 5xx, lacks its message, carries
 * a stack trace or breaks its row's rule (status, Location, forwarded host in the body). Read-only apart from
 * what the store refuses; bounded: one request per row. The latest result is kept in docs/security.md.
 */
import { HOSTILE_CASES, judge, type Site } from '../test/hostile/requests';
import { sendRaw } from '../test/hostile/raw-http';

const origin = (process.argv[2] ?? process.env.SECURITY_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

/** A category and a product of this store, read from its sitemap (any origin: only the paths are used). */
async function discoverSite(): Promise<Site> {
  const reply = await sendRaw(origin, { method: 'GET', target: '/sitemap.xml' });
  if (reply.status !== 200) throw new Error(`GET ${origin}/sitemap.xml answered ${reply.status}`);
  const paths = [...reply.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const category = paths.find((p) => /^\/[a-z0-9-]+\/$/.test(p) && p !== '/');
  const product = paths.find((p) => p.startsWith('/products/'));
  if (!category || !product) throw new Error('the sitemap lists no category or no product');
  return { category, product };
}

async function main(): Promise<void> {
  const site = await discoverSite();
  console.log(`Hostile requests against ${origin} (category ${site.category}, product ${site.product})\n`);
  let failures = 0;
  let serverErrors = 0;
  for (const hostile of HOSTILE_CASES) {
    const request = hostile.request(site);
    let line: string;
    try {
      const reply = await sendRaw(origin, request);
      if (reply.status >= 500) serverErrors += 1;
      const complaints = judge(hostile, reply);
      if (complaints.length > 0) failures += 1;
      line = `${complaints.length ? 'FAIL' : 'ok  '} ${reply.status} ${Math.round(reply.ms)
        .toString()
        .padStart(5)} ms  ${hostile.name}${complaints.length ? `: ${complaints.join('; ')}` : ''}`;
    } catch (error) {
      failures += 1;
      line = `FAIL ---           ${hostile.name}: ${(error as Error).message}`;
    }
    console.log(line);
  }
  console.log(
    `\n${HOSTILE_CASES.length} requests, ${serverErrors} answered 5xx, ${failures} broke their rule.`,
  );
  process.exitCode = failures > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
