/**
 * Decision 110: a lazily validated kit form is rendered from what is written beside it (id, flags, HTML constraint)
 * and validated with its definition once loaded. What is written must be the definition's: the same id, honeypot
 * and idempotency (the action's `handleForm` reads the definition), and `getZodConstraint`'s constraint (the
 * attributes the server renders and a browser without JavaScript checks). The loader must load that definition.
 */
import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import { profileLazyForm, REPAIR_USER_INFO_ACTION, repairUserInfoLazyForm } from '../account/lazy-forms';
import { SIGN_IN_ACTIONS, signOutForm } from '../account/sign-in-forms';
import { SIGN_OUT_ACTION, signOutLazyForm } from '../account/sign-out-button';
import { profileForm } from '../account/account-forms';
import { repairUserInfoForm } from '../account/repair-user-info-form';
import { cartLineForm, giftCardForm } from '../cart/cart-forms';
import { cartLineLazyForm, giftCardLazyForm } from '../cart/lazy-forms';
import { placeOrderForm } from '../checkout/checkout-forms';
import { checkoutStartForm } from '../checkout/checkout-start-form';
import { checkoutStartLazyForm, placeOrderLazyForm } from '../checkout/lazy-forms';
import { checkoutGiftCardForm } from '../gift-cards/gift-card-forms';
import { checkoutGiftCardLazyForm } from '../gift-cards/lazy-forms';
import { discardForm, productForm } from '../repair/repair-forms';
import { discardLazyForm, productLazyForm } from '../repair/lazy-forms';
import type { FormDefinition } from './form-kit';
import { loadKitValidation, type LazyKitForm } from './use-lazy-kit-form';

const PAIRS: [name: string, lazy: LazyKitForm, definition: FormDefinition][] = [
  ['cart line', cartLineLazyForm, cartLineForm],
  ['gift card', giftCardLazyForm, giftCardForm],
  ['checkout start', checkoutStartLazyForm, checkoutStartForm],
  ['place order', placeOrderLazyForm, placeOrderForm],
  ['checkout gift card', checkoutGiftCardLazyForm, checkoutGiftCardForm],
  ['profile', profileLazyForm, profileForm],
  ['repair user info', repairUserInfoLazyForm, repairUserInfoForm],
  ['sign out', signOutLazyForm, signOutForm],
  ['repair product', productLazyForm, productForm],
  ['repair discard', discardLazyForm, discardForm],
];

describe.each(PAIRS)('%s: the browser’s description is its definition’s', (_name, lazy, definition) => {
  test('id, honeypot and idempotency', () => {
    expect({ id: lazy.id, honeypot: lazy.honeypot, idempotent: lazy.idempotent }).toEqual({
      id: definition.id,
      honeypot: definition.honeypot,
      idempotent: definition.idempotent,
    });
  });

  test('the HTML constraint is getZodConstraint’s', () => {
    expect(lazy.constraint).toEqual(getZodConstraint(definition.schema()));
  });

  test('the loader loads the definition, and the validation loads with it', async () => {
    expect(await lazy.load()).toBe(definition);
    await expect(loadKitValidation(lazy)).resolves.toBeUndefined();
  });
});

test('the actions the browser posts to are the definitions’', () => {
  expect(SIGN_OUT_ACTION).toBe(SIGN_IN_ACTIONS.signOut);
  expect(REPAIR_USER_INFO_ACTION).toBe('/api/repair-user-info');
});
