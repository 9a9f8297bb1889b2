/**
 * Add to Cart on the product page (issue 11 §2). A light kit form (`use-light-form.ts`: hidden fields only, nothing
 * for the browser to check, so the product page loads neither conform nor zod) posting to `/cart/add`: without
 * JavaScript the store answers 303 back to this page with the cart panel open; with JavaScript a fetcher posts it
 * and the cart panel opens on success (SPEC §4), its body loaded while the post is under way. A product with sizes
 * needs one chosen first (the size picker's links).
 */
import { useEffect, useRef } from 'react';
import { FormStatus, KitForm, SubmitButton } from '../forms/form-shell';
import { useLightForm } from '../forms/use-light-form';
import { preloadPanelBody } from '../panels/panel-body';
import { usePanels } from '../panels/panel-context';
import { ADD_TO_CART_ACTION, ADD_TO_CART_FORM } from './add-to-cart-action';
// The cart's styles, not a module of Add to Cart's own: this import is what puts the cart's stylesheet in the product
// page's document, which the cart panel the server renders open after an add without JavaScript needs (decision 063).
import * as styles from './cart.css';

export function AddToCart({
  productId,
  variantId,
  redirectTo,
  unavailable,
}: {
  productId: number;
  /** Null until a size is chosen. */
  variantId: number | null;
  /** This page with the cart panel's flag: where a post without JavaScript comes back to. */
  redirectTo: string;
  /** Why the chosen variant cannot be added (sold out), or null. */
  unavailable: string | null;
}) {
  const kit = useLightForm(ADD_TO_CART_FORM, { action: ADD_TO_CART_ACTION, redirectTo });
  const submitting = kit.submitting;
  useEffect(() => {
    if (submitting) void preloadPanelBody('cart');
  }, [submitting]);
  const { open } = usePanels();
  const reply = kit.fetcher.data;
  // The product of the reply: read when it arrives (a new product's page must not replay the last reply).
  const added = useRef(productId);
  useEffect(() => {
    added.current = productId;
  });
  useEffect(() => {
    if (reply?.message === undefined || reply.result.status === 'error') return;
    open('cart');
    // The basket beacon for the search ranking (issue 12 §6; sent only with the performance consent).
    void import('../analytics/search-beacons')
      .then(({ trackBasket }) => trackBasket(added.current))
      .catch(() => undefined);
  }, [reply, open]);

  if (variantId === null || unavailable !== null) {
    return (
      <div className={styles.addForm}>
        <button type="button" className={styles.unavailable} disabled>
          {unavailable ?? 'Select a size'}
        </button>
      </div>
    );
  }
  return (
    <KitForm kit={kit} className={styles.addForm}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="quantity" value="1" />
      <SubmitButton kit={kit} pendingLabel="Adding…">
        Add to Cart
      </SubmitButton>
      <FormStatus kit={kit} />
    </KitForm>
  );
}
