/**
 * The command line of `npm run bench` (scripts/bench.ts): its options, its usage text, and what a run is asked to
 * do — a run, the usage (`--help`, exit 0) or a refusal (an unknown option or a stray argument: one line, the
 * usage, exit 2), never a stack trace.
 */
import { parseArgs } from 'node:util';

const OPTIONS = {
  products: { type: 'string', default: '10000' },
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '10' },
  port: { type: 'string', default: '3999' },
  urls: { type: 'string', default: '16' },
  write: { type: 'boolean', default: false },
  /** Only the search scenarios (scripts/bench-search.ts). */
  search: { type: 'boolean', default: false },
  /** Only the cart and checkout scenarios (scripts/bench-cart.ts). */
  cart: { type: 'boolean', default: false },
  /** Only the topology: throughput through Varnish with 1, 2, 3 app servers (scripts/bench-topology.ts). */
  topology: { type: 'boolean', default: false },
  /** Only the category pages' database time (scripts/bench-listing.ts). */
  listing: { type: 'boolean', default: false },
  runs: { type: 'string', default: '31' },
  shoppers: { type: 'string', default: '50' },
  /** With --cart: only these engines (pglite, postgres) and scenarios (add, cart, mixed), comma-separated. */
  engines: { type: 'string' },
  scenarios: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const BENCH_USAGE = `Usage: npm run bench [-- options]

Load-tests the production build and compares each page kind with the same bytes served as static files
(docs/benchmarks.md).

Options:
  --products <n>     products in the seeded catalogue (default 10000)
  --duration <s>     seconds per scenario (default 10)
  --connections <n>  concurrent connections of the page scenarios (default 10)
  --port <n>         port of the server under test (default 3999)
  --urls <n>         URLs per page kind, at least 16 (default 16)
  --write            record the figures in docs/benchmarks.md
  --search           only the search scenarios
  --cart             only the cart and checkout scenarios
  --listing          only the category pages' database time (listing index, no cache)
  --topology         only the topology: anonymous and personal req/s through Varnish with 1, 2 and 3 app
                     servers on PostgreSQL (--port: nginx; Varnish and the servers on the next four ports)
  --runs <n>         with --listing: timed runs per page (default 31)
  --shoppers <n>     with --cart: concurrent shoppers (default 50)
  --engines <list>   with --cart: pglite, postgres (comma-separated; default both)
  --scenarios <list> with --cart: add, cart, mixed (comma-separated; default all)
  -h, --help         print this text
`;

export type BenchValues = ReturnType<typeof parse>['values'];

const parse = (args: string[]) =>
  parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });

export type BenchCommand =
  { kind: 'run'; values: BenchValues } | { kind: 'help' } | { kind: 'refused'; message: string };

export function readBenchArgs(args: string[]): BenchCommand {
  let values: BenchValues;
  try {
    values = parse(args).values;
  } catch (error) {
    // node:util's own wording ("Unknown option '--x'. …", "Unexpected argument 'x'. …"), first sentence only.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'refused', message: (message.split(/\. /)[0] ?? message).replace(/\.$/, '') };
  }
  return values.help ? { kind: 'help' } : { kind: 'run', values };
}

/** For the script: the values of a run, or the usage on stdout (exit 0) / the refusal and usage on stderr (exit 2). */
export function benchArgsOrExit(args: string[]): BenchValues {
  const command = readBenchArgs(args);
  if (command.kind === 'run') return command.values;
  if (command.kind === 'help') {
    process.stdout.write(BENCH_USAGE);
    process.exit(0);
  }
  process.stderr.write(`bench: ${command.message}\n\n${BENCH_USAGE}`);
  process.exit(2);
}
