/**
 * Staff accounts from the command line (decision 088):
 *
 *   npm run staff -- add EMAIL --role repairs,pro-review,orders,admin
 *   npm run staff -- list
 *   npm run staff -- disable EMAIL
 *
 * The password of `add` comes from the NEW_STAFF_PASSWORD environment variable, else from standard input (a pipe or
 * a file: its first line; a terminal: typed at a prompt, not echoed). With neither — CI=true or no terminal, and
 * nothing piped in — the command stops at once with a message instead of waiting. Uses PostgreSQL when DATABASE_URL
 * is set, else the store's PGlite under $DATA_DIR/db (which admits one process: stop the store first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../server/clock';
import { migrate, openDatabase } from '../server/db/database.server';
import { createStaffService, parseRoles, STAFF_ROLES, StaffAccountError } from '../server/staff/index.server';

const USAGE = `Usage:
  npm run staff -- add EMAIL --role ROLE[,ROLE…]   roles: ${STAFF_ROLES.join(', ')}
  npm run staff -- list
  npm run staff -- disable EMAIL
The password of a new account: NEW_STAFF_PASSWORD, else standard input (12 to 128 characters).`;

const isCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

class UsageError extends Error {}

/** How long a pipe may stay silent: one left open by a CI runner with nothing in it must not hold the command. */
const STDIN_WAIT_MS = 5_000;

/** Reads standard input (a pipe or a file) up to its first line break or its end, at most 4 KB. */
function readPipedLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners('data').removeAllListeners('end');
      process.stdin.pause();
      process.stdin.unref?.();
      if (error) return reject(error);
      resolve((Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').replace(/\r$/, ''));
    };
    const timer = setTimeout(
      () => finish(new UsageError('No password arrived on standard input: set NEW_STAFF_PASSWORD.')),
      STDIN_WAIT_MS,
    );
    process.stdin.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > 4096) finish(new UsageError('Standard input is longer than a password.'));
      else if (chunk.includes(0x0a)) finish();
    });
    process.stdin.on('end', () => finish());
  });
}

function stdinKind(): 'piped' | 'terminal' | 'none' {
  try {
    const stat = fs.fstatSync(0);
    if (stat.isFIFO() || stat.isFile() || stat.isSocket()) return 'piped';
    return process.stdin.isTTY ? 'terminal' : 'none';
  } catch {
    return 'none';
  }
}

/** Prompts on the terminal without echoing what is typed. */
async function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      stdin.on('data', (data: Buffer) => {
        for (const char of data.toString('utf8')) {
          if (char === '\r' || char === '\n') return resolve(typed);
          if (char === '\u0003') return reject(new UsageError('Cancelled.'));
          if (char === '\u007f') typed = typed.slice(0, -1);
          else typed += char;
        }
      });
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stdout.write('\n');
  }
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.NEW_STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  const kind = stdinKind();
  if (kind === 'piped') return readPipedLine();
  if (kind === 'terminal' && !isCi) return promptHidden('Password for the new staff account: ');
  throw new UsageError('No password: set NEW_STAFF_PASSWORD or pipe the password to standard input.');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, email] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!['add', 'list', 'disable'].includes(command)) throw new UsageError(`Unknown command: ${command}`);
  if (command !== 'list' && !email) throw new UsageError(`${command} needs an e-mail address.`);
  const roles = command === 'add' ? parseRoles(values.role ?? '') : null;
  if (roles && !roles.ok)
    throw new UsageError(
      roles.unknown.length > 0
        ? `Unknown role: ${roles.unknown.join(', ')} (roles: ${STAFF_ROLES.join(', ')})`
        : `--role is required (roles: ${STAFF_ROLES.join(', ')})`,
    );
  // The password is read before the database opens: a missing one costs no migration.
  const password = command === 'add' ? await newPassword() : '';

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({
        kind: 'pglite',
        dataDir: path.join(process.env.DATA_DIR || './data', 'db'),
      });
  try {
    await migrate(handle);
    // Cookies are not used by these commands.
    const staff = createStaffService({
      db: handle.db,
      clock: systemClock,
      cookies: { secure: false, keys: ['unused-by-the-staff-command'] },
    });
    if (command === 'list') {
      for (const user of await staff.accounts.list())
        process.stdout.write(
          `${user.id}\t${user.email}\t${user.roles.join(',')}${user.disabled ? '\tdisabled' : ''}\n`,
        );
    } else if (command === 'disable') {
      if (!(await staff.accounts.disable(email as string)))
        throw new UsageError(`No staff account has the e-mail ${email}.`);
      process.stdout.write(`Disabled ${email}; its sessions have ended.\n`);
    } else if (roles?.ok) {
      const user = await staff.accounts.add({ email: email as string, password, roles: roles.roles });
      process.stdout.write(`Added staff user #${user.id} ${user.email} (${user.roles.join(', ')})\n`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof StaffAccountError;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  if (known && error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
  process.exitCode = known ? 2 : 1;
});
