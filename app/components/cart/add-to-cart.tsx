/**
 * Add to Cart on the product page (issue 11 §2). A kit form posting to `/cart/add`: without JavaScript the store
 * answers 303 back to this page with the cart panel open; with JavaScript a fetcher posts it and the cart panel
 * opens on success (SPEC §4). A product with sizes needs one chosen first (the size picker's links).
 */
import { useEffect } from 'react';
import { button } from '../../../styles/button.css';
import { FormStatus, KitForm, SubmitButton } from '../forms/fields';
import { useKitForm } from '../forms/use-kit-form';
import { usePanels } from '../panels/panel-context';
import { addToCartForm } from './cart-forms';
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
  const kit = useKitForm(addToCartForm, { action: '/cart/add', redirectTo });
  const { open } = usePanels();
  const reply = kit.fetcher.data;
  useEffect(() => {
    if (reply?.message !== undefined && reply.result.status !== 'error') open('cart');
  }, [reply, open]);

  if (variantId === null || unavailable !== null) {
    return (
      <div className={styles.addForm}>
        <button type="button" className={button.primary} disabled>
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
