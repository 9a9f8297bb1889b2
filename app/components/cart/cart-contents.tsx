/**
 * A cart's contents, shared by the cart panel and the `/cart` page (SPEC §2/§4/§9): notifications, the lines, the
 * totals (discount, shipping "FREE" whenever present, tax "$0.00 (included in prices)", the first-time customer promo line
 * when the cart has a discount amount), Clear cart, and the checkout button; the empty state
 * "Your cart is empty" / "Added items will appear here", with Continue shopping and the disabled Checkout button.
 */
import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import type { CartView } from '../../../server/cart/public';
import { CART_MESSAGES } from '../../../server/cart/public';
import { formatPrice } from '../../../server/pricing/public';
import { CheckoutButton } from '../checkout/checkout-button';
import { KitForm } from '../forms/fields';
import type { FormReply } from '../forms/form-kit';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import { useRootData } from '../layout/root-data';
import * as panelStyles from '../panels/panels.css';
import { ADD_TO_CART_FORM } from './add-to-cart-action';
import { cartLineLazyForm } from './lazy-forms';
import { giftCardText } from './gift-card-text';
import { CartLine } from './cart-line';
import { CartTotals } from './cart-totals';
import * as styles from './cart.css';

/** The id of the cart page's gift-card form, which the cart panel links to. */
export const GIFT_CARD_SECTION = 'send-gift-card';

export function CartEmpty({ children }: { children?: ReactNode }) {
  return (
    <div className={panelStyles.stack}>
      <div className={panelStyles.empty}>
        <p className={panelStyles.emptyTitle}>{CART_MESSAGES.emptyTitle}</p>
        <p className={panelStyles.muted}>{CART_MESSAGES.emptyHint}</p>
      </div>
      <Link to="/" className={`${button.secondary} ${panelStyles.wide}`}>
        Continue shopping
      </Link>
      {children}
    </div>
  );
}

/** Add-to-cart replies already announced: the panel opened again later does not repeat one. */
const announcedAdds = new WeakSet<FormReply>();

/**
 * The success of an add to cart made with JavaScript (the product page's fetcher), said once in the panel it opened
 * (issue 24 §11: without JavaScript the flash says "Added to your cart.", with it the panel said nothing). Set after
 * the panel's region is in the page, so a screen reader announces it.
 */
function useAddedAnnouncement(): string | null {
  const reply = useFetcher<FormReply>({ key: ADD_TO_CART_FORM.id }).data;
  // The reply this opening of the panel is about: one not announced yet when it mounted.
  const [fresh] = useState(() =>
    reply?.message && reply.result.status !== 'error' && !announcedAdds.has(reply) ? reply : null,
  );
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!fresh?.message) return;
    announcedAdds.add(fresh);
    const text = fresh.message;
    // A frame after the region is in the page, so the change is what a screen reader hears.
    const frame = requestAnimationFrame(() => setMessage(text));
    return () => cancelAnimationFrame(frame);
  }, [fresh]);
  return message;
}

/**
 * The outcome of the last cart form posted without JavaScript (the flash), shown once, the add to cart that opened
 * the panel with JavaScript, and any notice of the page (a cart that could not be found). With JavaScript each line
 * form shows its own outcome in place.
 */
export function CartNotifications({ notice }: { notice?: string | null }) {
  const flash = useRootData()?.flash;
  const added = useAddedAnnouncement();
  const fromFlash =
    flash && (flash.formId === cartLineLazyForm.id || flash.formId === ADD_TO_CART_FORM.id)
      ? flash.result.status === 'error'
        ? {
            error: true,
            text: Object.values(flash.result.error ?? {})
              .flat()
              .join(' '),
          }
        : flash.message
          ? { error: false, text: flash.message }
          : null
      : added
        ? { error: false, text: added }
        : null;
  return (
    <div role="status" aria-live="polite">
      {notice ? <p className={styles.error}>{notice}</p> : null}
      {fromFlash ? (
        <p className={fromFlash.error ? styles.error : styles.notification}>{fromFlash.text}</p>
      ) : null}
    </div>
  );
}

/**
 * A gift card in the cart: its picture, "Gift card for Ana" and "Emailed on Dec 24, 2026" (the item name keeps
 * SPEC §3's "{recipient} emailing on dd/mm/yyyy"; Remove names it), its amount and Remove.
 */
function GiftLine({ gift, redirectTo }: { gift: CartView['giftCertificates'][number]; redirectTo: string }) {
  const remove = useLazyKitForm(cartLineLazyForm, {
    action: '/cart',
    redirectTo,
    instance: `gift-${gift.id}`,
  });
  const text = giftCardText(gift.name);
  return (
    <li className={styles.line}>
      <img className={styles.image} src="/brand/gift-card.svg" alt="" width={80} height={80} loading="lazy" />
      <div className={styles.lineBody}>
        <p className={styles.lineName}>
          {text ? `Gift card for ${text.recipient}` : `Gift card: ${gift.name}`}
        </p>
        {text ? <p className={styles.options}>{`Emailed on ${text.date}`}</p> : null}
        <p>{formatPrice(gift.amountCents)}</p>
        <KitForm kit={remove}>
          <input type="hidden" name="intent" value="remove-gift" />
          <input type="hidden" name="giftId" value={gift.id} />
          <button type="submit" className={styles.linkButton} disabled={remove.submitting}>
            Remove<span className={visuallyHidden}>{` gift card ${gift.name}`}</span>
          </button>
        </KitForm>
      </div>
    </li>
  );
}

function ClearCart({ redirectTo }: { redirectTo: string }) {
  const clear = useLazyKitForm(cartLineLazyForm, { action: '/cart', redirectTo, instance: 'clear' });
  return (
    <KitForm kit={clear}>
      <input type="hidden" name="intent" value="clear" />
      <button type="submit" className={styles.linkButton} disabled={clear.submitting}>
        Clear cart
      </button>
    </KitForm>
  );
}

/**
 * SPEC §4 promotional-order checkbox, for promo users only: disabled while gift cards are in the cart (SPEC §8's
 * message says why). With JavaScript a change posts at once; without, the Apply button posts it.
 */
function PromoOrderToggle({ cart, redirectTo }: { cart: CartView; redirectTo: string }) {
  const kit = useLazyKitForm(cartLineLazyForm, { action: '/cart', redirectTo, instance: 'promo' });
  const blocked = cart.giftCertificates.length > 0;
  const hintId = 'promo-order-hint';
  return (
    <KitForm kit={kit} className={styles.promo}>
      <input type="hidden" name="intent" value="promo" />
      <div className={styles.promoRow}>
        <input
          // Re-mounted when the server's answer changes, so the box shows what the cart holds.
          key={String(cart.isPromoOrder)}
          id="promo-order"
          type="checkbox"
          name="promo"
          value="on"
          defaultChecked={cart.isPromoOrder}
          disabled={blocked || kit.submitting}
          aria-describedby={blocked ? hintId : undefined}
          onChange={(event) => {
            if (kit.hydrated) void kit.fetcher.submit(event.currentTarget.form);
          }}
        />
        <label htmlFor="promo-order">Promotional order</label>
        {kit.hydrated ? null : (
          <button type="submit" className={styles.linkButton} disabled={blocked}>
            Apply<span className={visuallyHidden}> promotional order</span>
          </button>
        )}
      </div>
      {blocked ? (
        <p id={hintId} className={styles.error}>
          {CART_MESSAGES.giftCardsBlockPromo}
        </p>
      ) : null}
      {kit.formErrors.length > 0 ? (
        <p className={styles.error} role="alert">
          {kit.formErrors.join(' ')}
        </p>
      ) : null}
    </KitForm>
  );
}

export function CartContents({
  cart,
  redirectTo,
  notice,
}: {
  cart: CartView | null;
  /** The page a form posted without JavaScript comes back to. */
  redirectTo: string;
  notice?: string | null;
}) {
  const empty = !cart || (cart.lines.length === 0 && cart.giftCertificates.length === 0);
  return (
    <div className={panelStyles.stack}>
      <CartNotifications notice={notice} />
      {empty ? (
        <CartEmpty>
          <CheckoutButton cartId={null} blocked />
        </CartEmpty>
      ) : (
        <>
          <ul className={styles.lines} aria-label="Cart items">
            {cart.lines.map((line) => (
              <CartLine key={line.id} line={line} redirectTo={redirectTo} />
            ))}
            {cart.giftCertificates.map((gift) => (
              <GiftLine key={gift.id} gift={gift} redirectTo={redirectTo} />
            ))}
          </ul>
          <ClearCart redirectTo={redirectTo} />
          <Link to={`/cart#${GIFT_CARD_SECTION}`} className={styles.giftLink}>
            Send a gift card
          </Link>
          {cart.promoOrderUser ? <PromoOrderToggle cart={cart} redirectTo={redirectTo} /> : null}
          <CartTotals cart={cart} />
          <CheckoutButton cartId={cart.id} blocked={cart.checkoutBlocked} promo={cart.isPromoOrder} />
        </>
      )}
    </div>
  );
}
