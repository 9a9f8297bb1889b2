#!/usr/bin/env node
/**
 * Sums a V8 `.cpuprofile` (from `node --cpu-prof`) by self time: per package or module, and per function, so
 * the top costs of a render are readable without DevTools (issue 7 §4, decision 053).
 *
 *   node scripts/cpu-profile-summary.mjs PROFILE.cpuprofile [--top 40] [--from S] [--to S] [--total NAME]
 *
 * `--from` and `--to` (seconds since the profile started) keep the samples of a window, for example the steady
 * load after start-up; `--timeline` prints the busy share of each second, to find that window.
 * `--total NAME` also prints the inclusive time (self time of a function and everything it called) of the
 * functions whose name contains NAME; `--callers NAME` the inclusive time of those functions by their caller.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    total: { type: 'string', multiple: true },
    callers: { type: 'string', multiple: true },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    timeline: { type: 'boolean', default: false },
  },
});
if (positionals.length !== 1) {
  process.stderr.write(
    'usage: node scripts/cpu-profile-summary.mjs PROFILE.cpuprofile [--top N] [--total NAME]\n',
  );
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const top = Number(values.top);

/** A module's label: the package under node_modules, else the file path after the project root, else the kind. */
function moduleOf(url) {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${name}/${rest.at(-1)}`;
  }
  if (url.startsWith('node:')) return url;
  const build = url.indexOf('/build/');
  if (build >= 0) return url.slice(build + 1);
  return url.replace(/^file:\/\//, '');
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const from = Number(values.from) * 1e6;
const to = Number(values.to) * 1e6;
const idle = profile.nodes.find((node) => node.callFrame.functionName === '(idle)')?.id;
const selfByNode = new Map();
const busyBySecond = [];
let total = 0;
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const second = Math.floor(at / 1e6);
  busyBySecond[second] ??= [0, 0];
  busyBySecond[second][1] += delta;
  if (profile.samples[i] !== idle) busyBySecond[second][0] += delta;
  if (at < from || at > to) continue;
  selfByNode.set(profile.samples[i], (selfByNode.get(profile.samples[i]) ?? 0) + delta);
  total += delta;
}
if (values.timeline) {
  process.stdout.write('busy share per second since the profile started\n');
  busyBySecond.forEach((entry, second) =>
    process.stdout.write(
      `${String(second).padStart(4)} s ${((100 * entry[0]) / Math.max(entry[1], 1)).toFixed(0).padStart(4)} %\n`,
    ),
  );
}

const byModule = new Map();
const byFunction = new Map();
for (const [id, self] of selfByNode) {
  const { callFrame } = byId.get(id);
  const mod = moduleOf(callFrame.url);
  byModule.set(mod, (byModule.get(mod) ?? 0) + self);
  const fn = `${callFrame.functionName || '(anonymous)'}  ${mod}:${callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + self);
}

const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5);
const print = (title, map) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${ms(us)} ms ${pct(us)} %  ${name}\n`);
};
process.stdout.write(`total sampled ${ms(total)} ms\n`);
print('self time by module', byModule);
print('self time by function', byFunction);

for (const name of values.total ?? []) {
  // Inclusive time: a sample counts once for each matching function on its stack (not twice for recursion).
  const inclusive = new Map();
  for (const [id, self] of selfByNode) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at);
      if (!callFrame.functionName.includes(name)) continue;
      const key = `${callFrame.functionName}  ${moduleOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + self);
    }
  }
  print(`inclusive time of functions named *${name}*`, inclusive);
}

for (const name of values.callers ?? []) {
  // Inclusive time of the functions named NAME, split by the function that called them (outermost call only).
  const byCaller = new Map();
  for (const [id, self] of selfByNode) {
    let outermost;
    for (let at = id; at !== undefined; at = parent.get(at))
      if (byId.get(at).callFrame.functionName.includes(name)) outermost = at;
    if (outermost === undefined) continue;
    const caller = parent.get(outermost);
    const frame = caller === undefined ? undefined : byId.get(caller).callFrame;
    const callee = byId.get(outermost).callFrame;
    const key = `${callee.functionName} <- ${frame ? `${frame.functionName || '(anonymous)'}  ${moduleOf(frame.url)}:${frame.lineNumber + 1}` : '(root)'}`;
    byCaller.set(key, (byCaller.get(key) ?? 0) + self);
  }
  print(`inclusive time of *${name}* by caller`, byCaller);
}
