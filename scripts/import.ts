/**
 * Import a catalogue from the command line (issue 25 §3, decision 095):
 *
 *   npm run import -- FILE.json|FILE.csv
 *
 * Uses PostgreSQL when DATABASE_URL is set (running app servers pick the change up through the catalogue's change
 * feed, no restart), else the store's PGlite under $DATA_DIR/db, which admits one process: stop the store first.
 * Local image files named by the import are stored in the database, served at /images/imported (decision 096). Prints one line
 * per refused record and exits 1 when anything is refused (nothing is then written), 2 on a usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../server/clock';
import { migrate, openDatabase } from '../server/db/database.server';
import { formatImportReport, importCatalogue } from '../server/workflows/import-catalogue.server';

const USAGE = `Usage: npm run import -- FILE
  FILE   a catalogue export: .json (BigCommerce v3 catalog products) or .csv (one row per variant);
         see examples/catalogue.example.json and examples/catalogue.example.csv
Uses DATABASE_URL when set, else the PGlite database under $DATA_DIR/db (default ./data/db).`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    process.stdout.write(`Importing ${file} into ${handle.kind} at ${handle.location}\n`);
    await migrate(handle);
    const report = await importCatalogue({ db: handle.db, clock: systemClock }, file);
    const lines = formatImportReport(file, report);
    const out = report.refusals.length > 0 ? process.stderr : process.stdout;
    out.write(`${lines.join('\n')}\n`);
    return report.refusals.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
