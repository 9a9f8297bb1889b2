/**
 * API tokens of the stock feed (`POST /api/stock/feed`, decision 097), one per warehouse integration:
 *
 *   npm run stock-token -- create NAME     prints the token once (only its hash is stored)
 *   npm run stock-token -- list
 *   npm run stock-token -- revoke ID
 *
 * Uses PostgreSQL when DATABASE_URL is set, else the store's PGlite under $DATA_DIR/db (which admits one process:
 * stop the store first).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../server/clock';
import { migrate, openDatabase } from '../server/db/database.server';
import { createInventoryService } from '../server/inventory/index.server';
import { createMailService } from '../server/mail/index.server';

const USAGE = `Usage:
  npm run stock-token -- create NAME    a new token for the integration NAME (letters, digits, . _ -)
  npm run stock-token -- list
  npm run stock-token -- revoke ID`;

class UsageError extends Error {}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!['create', 'list', 'revoke'].includes(command)) throw new UsageError(`Unknown command: ${command}`);
  if (command === 'create' && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(argument ?? ''))
    throw new UsageError('create needs an integration name (letters, digits, . _ -; at most 64).');
  if (command === 'revoke' && !/^[1-9][0-9]{0,8}$/.test(argument ?? ''))
    throw new UsageError('revoke needs a token id (see list).');

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(process.env.DATA_DIR || './data', 'db') });
  try {
    await migrate(handle);
    // The token commands use no mail and no catalogue.
    const inventory = createInventoryService({
      db: handle.db,
      clock: systemClock,
      mail: createMailService({ db: handle.db }),
      catalogue: { findVariant: async () => null },
    });
    if (command === 'create') {
      const { id, token } = await inventory.createFeedToken(argument!);
      process.stdout.write(
        `Token #${id} for ${argument} (shown once; send it as "Authorization: Bearer <token>"):\n${token}\n`,
      );
    } else if (command === 'list') {
      for (const token of await inventory.listFeedTokens())
        process.stdout.write(
          `${token.id}\t${token.integration}\tcreated ${token.createdAt.toISOString()}\t${
            token.lastUsedAt ? `last used ${token.lastUsedAt.toISOString()}` : 'never used'
          }${token.revokedAt ? `\trevoked ${token.revokedAt.toISOString()}` : ''}\n`,
        );
    } else {
      if (!(await inventory.revokeFeedToken(Number(argument))))
        throw new UsageError(`No live token has the id ${argument}.`);
      process.stdout.write(`Revoked token #${argument}.\n`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
