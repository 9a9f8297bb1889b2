import { describe, expect, it } from 'vitest';
import { promoDecisionForm, promoOrderForm } from './checkout-forms';

/** Issue 27 §4: ids past PostgreSQL's integer are refused by the form's schema, with its message (a 500 before). */
describe('promotional-order ids', () => {
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'Denver',
    state_or_province: 'CO',
    postal_code: '80202',
    country_code: 'US',
    phone: '(303)-555-0100',
    email: 'ada@example.com',
  };
  const approverMessage = (approverId: string) => {
    const result = promoOrderForm.schema().safeParse({ ...address, approverId });
    return result.success
      ? null
      : result.error.issues.find((issue) => issue.path[0] === 'approverId')?.message;
  };

  it.each(['2147483648', '99999999999', '0', '-3', 'x'])(
    'approver %j: "Choose who approves this order."',
    (id) => expect(approverMessage(id)).toBe('Choose who approves this order.'),
  );
  it('takes the largest integer id', () => expect(approverMessage('2147483647')).toBeUndefined());

  it.each([
    ['approve:2147483648', false],
    ['reject:9999999999', false],
    ['approve:2147483647', true],
    ['reject:12', true],
    ['approve:0', false],
  ])('decision %j accepted: %s', (decision, accepted) => {
    const result = promoDecisionForm.schema().safeParse({ decision });
    expect(result.success).toBe(accepted);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('Choose Approve or Reject.');
  });
});
