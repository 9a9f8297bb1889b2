/**
 * The light forms (use-light-form.ts) check nothing in the browser once hydrated, but before hydration the browser's
 * own checks apply: the constraints their markup carries must be the ones their schema gives a kit form, and their
 * zod-free definitions must be the kit's.
 */
import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import { ADD_TO_CART_FORM } from '../cart/add-to-cart-action';
import { addToCartForm } from '../cart/cart-forms';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_FORM } from '../newsletter/newsletter-action';
import { newsletterForm } from '../newsletter/newsletter-form';

describe('light forms', () => {
  test('the newsletter field carries the schema’s constraints: required, at most 254 characters', () => {
    expect(getZodConstraint(newsletterForm.schema())).toEqual({
      email: { required: true, maxLength: NEWSLETTER_EMAIL_MAX },
    });
    expect(NEWSLETTER_EMAIL_MAX).toBe(254);
  });

  test.each([
    ['newsletter', NEWSLETTER_FORM, newsletterForm],
    ['add to cart', ADD_TO_CART_FORM, addToCartForm],
  ] as const)('%s: the browser’s definition is the action’s', (_name, meta, definition) => {
    expect({ id: definition.id, honeypot: definition.honeypot, idempotent: definition.idempotent }).toEqual(
      meta,
    );
  });
});
