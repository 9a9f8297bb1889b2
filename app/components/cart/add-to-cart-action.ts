/**
 * What the product page's Add to Cart needs in the browser, without zod (`use-light-form.ts`): where it posts and its
 * definition's flags. The schema (`cart-forms.ts`) is built from the same values.
 */
import type { FormMeta } from '../forms/use-light-form';

export const ADD_TO_CART_ACTION = '/cart/add';

/** Idempotent: a double submit adds once. */
export const ADD_TO_CART_FORM = {
  id: 'add-to-cart',
  honeypot: false,
  idempotent: true,
} as const satisfies FormMeta;
