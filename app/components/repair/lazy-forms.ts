/**
 * The repair wizard's kit forms as the browser first loads them (decision 110): id, flags and HTML constraint, with
 * a loader of the definition (and its zod schema) that runs when the shopper first touches the form. The
 * constraints are `getZodConstraint`'s for each definition, checked equal by `lazy-forms.test.ts`.
 */
import { lazyKitForm } from '../forms/use-lazy-kit-form';
import type { discardForm, productForm } from './repair-forms';

export const productLazyForm = lazyKitForm<typeof productForm>({
  id: 'repair-product',
  honeypot: false,
  idempotent: false,
  constraint: {
    reason: { required: true },
    product: { required: true, pattern: '^(?=.*(?:^(line-[1-9][0-9]{0,9}|describe)$)).*$' },
    name: { required: false, maxLength: 120 },
    color: { required: false, maxLength: 60 },
    size: { required: false, maxLength: 20 },
    description: { required: false, maxLength: 500 },
  },
  load: () => import('./repair-forms').then((module) => module.productForm),
});

export const discardLazyForm = lazyKitForm<typeof discardForm>({
  id: 'repair-discard',
  honeypot: false,
  idempotent: false,
  constraint: { repair_id: { required: true, min: 0 } },
  load: () => import('./repair-forms').then((module) => module.discardForm),
});
