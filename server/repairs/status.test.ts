import { describe, expect, test } from 'vitest';
import {
  paymentState,
  parseQuote,
  redirectForStep,
  repairPaymentPath,
  wizardSteps,
  type DraftProgress,
} from './status';

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

describe('paid repairs (issue 13 §6)', () => {
  test.each<[string, { quoteCents: number | null; paid: boolean }, string]>([
    ['not quoted yet', { quoteCents: null, paid: false }, 'none'],
    ['quoted at 0: the warranty covers it', { quoteCents: 0, paid: false }, 'covered'],
    ['quoted at $45: payment due', { quoteCents: 4500, paid: false }, 'due'],
    ['paid', { quoteCents: 4500, paid: true }, 'paid'],
  ])('%s', (_name, repair, expected) => {
    expect(paymentState(repair)).toBe(expected);
  });

  test('the payment path contains repaircheckoutpayment (SPEC §2)', () => {
    expect(repairPaymentPath(12)).toBe('/checkout/repaircheckoutpayment/12');
  });

  test.each<[unknown, number | null]>([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    [' $45.05 ', 4505],
    ['$1,045.00', 104500],
    ['0', 0],
    ['0.00', 0],
    ['2000', 200000],
    ['2000.01', null],
    ['45.555', null],
    ['-5', null],
    ['4 5', null],
    ['1,00', null],
    ['', null],
    ['abc', null],
    ['1e3', null],
    ['Infinity', null],
    [45, null],
    [undefined, null],
  ])('quote %o → %o cents', (input, expected) => {
    expect(parseQuote(input)).toBe(expected);
  });
});
