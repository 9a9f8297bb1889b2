/**
 * Prints the number of app/ → server/ runtime imports outside the public surfaces (decision 064), with each one,
 * and every boundary violation by rule. Run: `npx tsx scripts/boundary-count.ts`. Exits 1 while the count is above 0.
 */
import { appRuntimeImportsOutsideSurfaces, cruiseViolations } from './boundaries';

const all = cruiseViolations({});
const outside = appRuntimeImportsOutsideSurfaces(all);
console.log(`app → server runtime imports outside the public surfaces: ${outside.length}`);
for (const violation of outside) console.log(`  ${violation.from} → ${violation.to}`);

const byRule = new Map<string, number>();
for (const violation of all) byRule.set(violation.rule.name, (byRule.get(violation.rule.name) ?? 0) + 1);
console.log(`boundary violations: ${all.length}`);
for (const [rule, count] of [...byRule].sort()) console.log(`  ${rule}: ${count}`);
process.exitCode = outside.length > 0 ? 1 : 0;
