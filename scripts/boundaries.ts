/**
 * Runs dependency-cruiser with the project's boundary rules (.dependency-cruiser.cjs, decision 064) and returns the
 * violations, for the boundary test (boundaries.test.ts) and the count of app → server imports
 * (boundary-count.ts). `npm run lint` runs the same command line with `--ignore-known`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
/** The folders `npm run lint` cruises. */
export const CRUISED = ['app', 'server', 'scripts', 'test', 'styles', 'content'];

export type Violation = {
  type: string;
  from: string;
  to: string;
  dependencyTypes?: string[];
  cycle?: { name: string; dependencyTypes: string[] }[];
  rule: { name: string; severity: string };
};

export function cruiseViolations(options: { cwd?: string; paths?: readonly string[] }): Violation[] {
  const cwd = options.cwd ?? ROOT;
  const args = [
    path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
    ...(options.paths ?? CRUISED),
    '--config',
    CONFIG,
    '--output-type',
    'json',
  ];
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  let result: { summary: { violations: Violation[] } };
  try {
    result = JSON.parse(run.stdout) as typeof result;
  } catch {
    throw new Error(`dependency-cruiser failed (exit ${run.status}): ${run.stderr}`);
  }
  // With --ignore-known, the known ones come back with severity `ignore`.
  return result.summary.violations.filter((violation) => violation.rule.severity !== 'ignore');
}

/** The rules that fence `app/` off from what is not a public surface of `server/`. */
const APP_RULES = ['app-imports-public-surfaces', 'app-imports-context-server-types-only'];

/** app/ → server/ imports outside the public surfaces that survive compilation (not `import type`). */
export function appRuntimeImportsOutsideSurfaces(violations: readonly Violation[]): Violation[] {
  return violations.filter(
    (violation) =>
      APP_RULES.includes(violation.rule.name) && !(violation.dependencyTypes ?? []).includes('type-only'),
  );
}
