/**
 * Gift cards at checkout (issue 26 §1): the cards applied to the cart, what each pays of the order (in the order
 * they were applied, never the gift cards in the cart: a gift card does not buy another, decision 099) and what is
 * left to pay; a field to apply one more code, and Remove on each. Works with and without JavaScript.
 */
import type { FieldMetadata } from '@conform-to/react';
import type { CartView } from '../../../server/cart/public';
import { giftCardCoverage, MAX_GIFT_CARDS_PER_ORDER } from '../../../server/cart/public';
import { formatPrice } from '../../../server/pricing/public';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as cartStyles from '../cart/cart.css';
import * as styles from '../checkout/checkout.css';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import { checkoutGiftCardLazyForm } from './lazy-forms';

export type AppliedGiftCardView = { id: number; ending: string; balanceCents: number };

const ACTION = '/checkout/gift-cards';
const BACK = '/checkout';

const giftCertificatesCentsOf = (cart: CartView) =>
  cart.giftCertificates.reduce((sum, gift) => sum + gift.amountCents, 0);

/**
 * What the applied cards pay of this cart as the page shows it: the place-order form carries it as what the shopper
 * reviewed (decision 114), so the order is refused when the cards would pay anything else.
 */
export function reviewedGiftCardCents(cart: CartView, giftCards: readonly AppliedGiftCardView[]): number {
  return giftCardCoverage(cart.cartAmountCents, giftCertificatesCentsOf(cart), giftCards).paidCents;
}

export function GiftCardPayments({
  cart,
  giftCards,
}: {
  cart: CartView;
  giftCards: readonly AppliedGiftCardView[];
}) {
  const giftCertificatesCents = giftCertificatesCentsOf(cart);
  const { paid, paidCents, leftToPayCents } = giftCardCoverage(
    cart.cartAmountCents,
    giftCertificatesCents,
    giftCards,
  );
  const apply = useLazyKitForm(checkoutGiftCardLazyForm, { action: ACTION, redirectTo: BACK });
  const codeField = apply.fields.code as unknown as FieldMetadata<string>;
  return (
    <section aria-labelledby="gift-cards-heading" className={cartStyles.giftSection}>
      <h3 id="gift-cards-heading">Gift cards</h3>
      {giftCards.length > 0 ? (
        <>
          <ul className={styles.summaryLines}>
            {giftCards.map((card) => {
              const pays = paid.find((one) => one.id === card.id)?.amountCents ?? 0;
              return (
                <li key={card.id} className={styles.summaryLine}>
                  <span>
                    Gift card ending {card.ending} (balance {formatPrice(card.balanceCents)})
                    <RemoveGiftCard id={card.id} ending={card.ending} />
                  </span>
                  <span>−{formatPrice(pays)}</span>
                </li>
              );
            })}
          </ul>
          <dl className={cartStyles.totals}>
            <div className={cartStyles.totalRow}>
              <dt>Paid by gift cards</dt>
              <dd>−{formatPrice(paidCents)}</dd>
            </div>
            <div className={cartStyles.grandTotal}>
              <dt>Left to pay</dt>
              <dd>{formatPrice(leftToPayCents)}</dd>
            </div>
          </dl>
          {giftCertificatesCents > 0 ? (
            <p className={styles.muted}>Gift cards do not pay for other gift cards.</p>
          ) : null}
        </>
      ) : null}
      {giftCards.length < MAX_GIFT_CARDS_PER_ORDER ? (
        <KitForm kit={apply} className={cartStyles.addForm}>
          <input type="hidden" name="intent" value="apply" />
          <TextField field={codeField} label="Gift card code" autoComplete="off" />
          <FormStatus kit={apply} />
          <SubmitButton kit={apply} pendingLabel="Applying…" className={button.secondary}>
            Apply gift card
          </SubmitButton>
        </KitForm>
      ) : null}
    </section>
  );
}

function RemoveGiftCard({ id, ending }: { id: number; ending: string }) {
  const remove = useLazyKitForm(checkoutGiftCardLazyForm, {
    action: ACTION,
    redirectTo: BACK,
    instance: `remove-${id}`,
  });
  return (
    <KitForm kit={remove}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="giftCardId" value={id} />
      <button type="submit" className={cartStyles.linkButton} disabled={remove.submitting}>
        Remove<span className={visuallyHidden}>{` gift card ending ${ending}`}</span>
      </button>
    </KitForm>
  );
}
