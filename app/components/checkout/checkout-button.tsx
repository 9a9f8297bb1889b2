/**
 * The cart's checkout button (SPEC §4/§7): "Loading..." while busy, disabled without a cart. A kit form posting to
 * `/cart/checkout`, which answers the checkout URL: with JavaScript the browser goes there and an outbound_click
 * event is logged; without, the store answers 303 to the embedded checkout, which sends a cart that cannot be
 * checked out back to the cart with its line messages. A promotional order (SPEC §4) reads "Complete PROMO ORDER"
 * and goes to /promo-order.
 */
import { useEffect } from 'react';
import { button } from '../../../styles/button.css';
import { pushEvent } from '../analytics';
import { FormStatus, KitForm, SubmitButton } from '../forms/fields';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import * as panelStyles from '../panels/panels.css';
import { checkoutStartLazyForm } from './lazy-forms';

/** SPEC §4: the button's label when the order is flagged promotional (it goes to /promo-order). */
export const PROMO_CHECKOUT_LABEL = 'Complete PROMO ORDER';

export function CheckoutButton({
  cartId,
  blocked,
  promo = false,
}: {
  cartId: string | null;
  blocked: boolean;
  promo?: boolean;
}) {
  const kit = useLazyKitForm(checkoutStartLazyForm, {
    action: '/cart/checkout',
    redirectTo: promo ? '/promo-order' : '/checkout',
  });
  const reply = kit.fetcher.data;
  useEffect(() => {
    if (reply?.message === undefined || reply.result.status === 'error') return;
    pushEvent({ event: 'outbound_click', link_url: reply.message });
    // SPEC §7: the browser goes to the checkout URL (a document load: the checkout may live elsewhere).
    window.location.assign(reply.message);
  }, [reply]);
  if (cartId === null) {
    return (
      <button type="button" className={`${button.primary} ${panelStyles.wide}`} disabled>
        Checkout
      </button>
    );
  }
  return (
    <KitForm kit={kit}>
      <SubmitButton
        kit={kit}
        pendingLabel="Loading..."
        className={`${button.primary} ${panelStyles.wide}`}
        disabled={blocked || kit.submitting}
      >
        {promo ? PROMO_CHECKOUT_LABEL : 'Checkout'}
      </SubmitButton>
      <FormStatus kit={{ ...kit, message: undefined }} />
    </KitForm>
  );
}
