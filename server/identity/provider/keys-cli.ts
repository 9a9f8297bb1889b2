/**
 * The embedded provider's signing keys from the command line (decision 079), on the database of the environment
 * (`DATABASE_URL`, else the PGlite under `DATA_DIR` while no store holds it):
 *
 *   npm run idp:keys -- list                 the keys: kid, created, signs from, retired
 *   npm run idp:keys -- rotate               a new key, published now, signing in 60 s on every app server
 *   npm run idp:keys -- retire <kid>         tokens of that key verify nowhere within 60 s (not the one that signs)
 */
import { systemClock } from '../../clock';
import { loadConfig } from '../../config.server';
import { migrate, openDatabase } from '../../db/database.server';
import { createProviderStore } from './store.server';

async function main(): Promise<void> {
  const [command, kid] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    await migrate(handle);
    const store = createProviderStore({ db: handle.db, clock: systemClock });
    const print = (line: string) => process.stdout.write(`${line}\n`);
    if (command === 'list') {
      for (const key of await store.listKeys())
        print(
          `${key.kid}  created ${key.createdAt.toISOString()}  signs from ${key.signsFrom.toISOString()}` +
            (key.retiredAt ? `  retired ${key.retiredAt.toISOString()}` : ''),
        );
    } else if (command === 'rotate') {
      print(`new key ${await store.rotateKey()}: published now, signs within a minute`);
    } else if (command === 'retire' && kid) {
      const outcome = await store.retireKey(kid);
      if (outcome === 'signing') throw new Error(`${kid} is the only key that signs: rotate first`);
      if (outcome === 'unknown') throw new Error(`no unretired key ${kid}`);
      print(`retired ${kid}`);
    } else {
      throw new Error('usage: idp:keys -- list | rotate | retire <kid>');
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
