import { describe, expect, test } from 'vitest';
import { PRO_REVIEW_MESSAGES, proReviewForm } from './pro-review-form';

const parse = (decide: unknown) => proReviewForm.schema().safeParse({ decide });

describe('the pro review form', () => {
  test.each([
    ['12:approved', { applicationId: 12, decision: 'approved' }],
    ['3:rejected', { applicationId: 3, decision: 'rejected' }],
  ])('%s is a decision', (decide, expected) => {
    expect(parse(decide)).toMatchObject({ success: true, data: { decide: expected } });
  });

  test.each([
    [undefined, PRO_REVIEW_MESSAGES.choose],
    ['', PRO_REVIEW_MESSAGES.choose],
    ['12:pending', PRO_REVIEW_MESSAGES.choose],
    ['0:approved', PRO_REVIEW_MESSAGES.choose],
    ['-1:approved', PRO_REVIEW_MESSAGES.choose],
    ['12:approved;drop', PRO_REVIEW_MESSAGES.choose],
    ['9999999999:approved', PRO_REVIEW_MESSAGES.notFound],
  ])('%s is refused: %s', (decide, message) => {
    const result = parse(decide);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
