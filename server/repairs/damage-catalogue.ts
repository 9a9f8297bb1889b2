/**
 * The damage catalogue (SPEC §7 `damageWarrantyissue`, `damageWarrantySpecificIssue/{id}`,
 * `damageWarrantyLocation/{id}`) and the questions list (`getQuestionsList`): small, fixed lists that the repair
 * desk maintains with the code, so they live here rather than in tables. Browser-safe.
 */

export type DamageIssue = { id: number; name: string };
export type SpecificIssue = { id: number; issueId: number; name: string };
/** Where on the product; every location applies to every issue (so a form without JavaScript can offer one list). */
export type DamageLocation = { id: number; name: string };

export const DAMAGE_ISSUES: readonly DamageIssue[] = [
  { id: 1, name: 'Tear or hole' },
  { id: 2, name: 'Zipper' },
  { id: 3, name: 'Seam' },
  { id: 4, name: 'Snap, button or buckle' },
  { id: 5, name: 'Waterproofing' },
  { id: 6, name: 'Other' },
];

export const SPECIFIC_ISSUES: readonly SpecificIssue[] = [
  { id: 101, issueId: 1, name: 'Snag or puncture' },
  { id: 102, issueId: 1, name: 'Abrasion' },
  { id: 103, issueId: 1, name: 'Burn' },
  { id: 201, issueId: 2, name: 'Slider broken' },
  { id: 202, issueId: 2, name: 'Teeth separating' },
  { id: 203, issueId: 2, name: 'Pull tab missing' },
  { id: 301, issueId: 3, name: 'Seam open' },
  { id: 302, issueId: 3, name: 'Seam tape peeling' },
  { id: 401, issueId: 4, name: 'Snap missing' },
  { id: 402, issueId: 4, name: 'Button missing' },
  { id: 403, issueId: 4, name: 'Buckle broken' },
  { id: 501, issueId: 5, name: 'Leaking' },
  { id: 502, issueId: 5, name: 'Delamination' },
  { id: 601, issueId: 6, name: 'Something else' },
];

const GARMENT_LOCATIONS = ['Hood', 'Collar', 'Chest', 'Back', 'Left sleeve', 'Right sleeve', 'Pocket', 'Hem'];
const LOWER_LOCATIONS = ['Waist', 'Left leg', 'Right leg', 'Knee', 'Seat', 'Cuff'];

export const DAMAGE_LOCATIONS: readonly DamageLocation[] = [
  ...GARMENT_LOCATIONS,
  ...LOWER_LOCATIONS,
  'Other',
].map((name, index) => ({ id: index + 1, name }));

export function specificIssuesOf(issueId: number): SpecificIssue[] {
  return SPECIFIC_ISSUES.filter((specific) => specific.issueId === issueId);
}

/** The locations offered for an issue (all of them, for a known issue). */
export function locationsOf(issueId: number): DamageLocation[] {
  return DAMAGE_ISSUES.some((issue) => issue.id === issueId) ? [...DAMAGE_LOCATIONS] : [];
}

/** Whether the ids name an issue, a specific issue of it and a location of it (the latter two optional). */
export function isKnownDamage(input: {
  issueId: number;
  specificIssueId: number | null;
  locationId: number | null;
}): boolean {
  if (!DAMAGE_ISSUES.some((issue) => issue.id === input.issueId)) return false;
  if (
    input.specificIssueId !== null &&
    !SPECIFIC_ISSUES.some((s) => s.id === input.specificIssueId && s.issueId === input.issueId)
  )
    return false;
  if (input.locationId !== null && !DAMAGE_LOCATIONS.some((l) => l.id === input.locationId)) return false;
  return true;
}

export function damageLabel(input: {
  issueId: number;
  specificIssueId: number | null;
  locationId: number | null;
}): string {
  const issue = DAMAGE_ISSUES.find((item) => item.id === input.issueId)?.name ?? 'Damage';
  const specific = SPECIFIC_ISSUES.find((item) => item.id === input.specificIssueId)?.name;
  const location = DAMAGE_LOCATIONS.find((item) => item.id === input.locationId)?.name;
  return [issue, specific, location].filter(Boolean).join(' · ');
}

export type RepairQuestion = { id: number; question: string; required: boolean; kind: 'yes-no' | 'text' };

export const REPAIR_QUESTIONS: readonly RepairQuestion[] = [
  { id: 1, question: 'Has the product been washed since it was damaged?', required: true, kind: 'yes-no' },
  {
    id: 2,
    question: 'Did the damage happen while you were using the product?',
    required: true,
    kind: 'yes-no',
  },
  { id: 3, question: 'Is there anything else the repair team should know?', required: false, kind: 'text' },
];
