import { describe, expect, test } from 'vitest';
import { redirectForStep, wizardSteps, type DraftProgress } from './status';

describe('wizard steps (SPEC §2: steps 2 and 3 start disabled)', () => {
  test.each<[string, DraftProgress, [boolean, boolean, boolean], [boolean, boolean]]>([
    ['no draft', null, [true, false, false], [false, false]],
    ['a draft without product', { hasProduct: false, damageCount: 0 }, [true, false, false], [false, false]],
    ['a product, no damage', { hasProduct: true, damageCount: 0 }, [true, true, false], [true, false]],
    ['a product and a damage', { hasProduct: true, damageCount: 1 }, [true, true, true], [true, true]],
    ['damages without product', { hasProduct: false, damageCount: 2 }, [true, false, false], [false, false]],
  ])('%s', (_name, draft, enabled, complete) => {
    const steps = wizardSteps(draft);
    expect(steps.map((step) => step.enabled)).toEqual(enabled);
    expect(steps.slice(0, 2).map((step) => step.complete)).toEqual(complete);
  });

  test('titles, subtitles and paths', () => {
    expect(wizardSteps(null).map((step) => [step.number, step.title, step.subtitle, step.path])).toEqual([
      [1, 'Product', 'Tell us about your Product', '/warranties/repair/order-history'],
      [2, 'Damage', 'Detail the Damage', '/warranties/repair/damage'],
      [3, 'Summary', 'Review your Repair', '/warranties/repair/summary'],
    ]);
  });

  test.each<[string, 'product' | 'damage' | 'summary', DraftProgress, string | null]>([
    ['step 1 is always reachable', 'product', null, null],
    ['step 2 without a draft goes to step 1', 'damage', null, '/warranties/repair/order-history'],
    ['step 3 without a draft goes to step 1', 'summary', null, '/warranties/repair/order-history'],
    [
      'step 3 without damage goes to step 2',
      'summary',
      { hasProduct: true, damageCount: 0 },
      '/warranties/repair/damage',
    ],
    ['step 2 with a product stays', 'damage', { hasProduct: true, damageCount: 0 }, null],
    ['step 3 with a damage stays', 'summary', { hasProduct: true, damageCount: 3 }, null],
  ])('%s', (_name, step, draft, expected) => {
    expect(redirectForStep(step, draft)).toBe(expected);
  });
});
