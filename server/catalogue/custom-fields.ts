/** Product custom fields (SPEC §3): name → value, and the technology badges they list. Pure. */

/** Later rows win when a name repeats. */
export function customFieldMap(rows: readonly { name: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/**
 * The technology_badges field holds a JSON array of names (`["Gore-Tex","Polygiene"]`) or a
 * comma-separated list; blanks and repeats are dropped, the order is kept.
 */
export function parseTechnologyBadges(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  const names = value.trim().startsWith('[') ? jsonStrings(value) : value.split(',');
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 0))];
}

function jsonStrings(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
