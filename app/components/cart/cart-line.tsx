/**
 * One cart line (SPEC §2/§4 cart panel): image, name, options, price, the quantity control and Remove.
 * Without JavaScript the −/+ buttons and the field post the line form (post/redirect/get). With JavaScript a
 * change shows at once, is sent after 600 ms of quiet (the analytics event after 300 ms, SPEC §9), and the buttons
 * are disabled while an update is in flight (SPEC §4). Each line has its own fetchers (CONVENTIONS 9).
 */
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CartLineView } from '../../../server/cart/public';
import { MAX_LINE_QUANTITY } from '../../../server/cart/public';
import { formatPrice } from '../../../server/pricing/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { pushEvent } from '../analytics';
import { KitForm } from '../forms/fields';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import { cartLineLazyForm, QUANTITY_LIMIT } from './lazy-forms';
import * as styles from './cart.css';

export const UPDATE_DEBOUNCE_MS = 600;
export const ANALYTICS_DEBOUNCE_MS = 300;

export function CartLine({ line, redirectTo }: { line: CartLineView; redirectTo: string }) {
  const update = useLazyKitForm(cartLineLazyForm, { action: '/cart', redirectTo, instance: line.id });
  const remove = useLazyKitForm(cartLineLazyForm, {
    action: '/cart',
    redirectTo,
    instance: `${line.id}-remove`,
  });
  const [quantity, setQuantity] = useState(line.quantity);
  /** Set when the shopper typed more than 10: the field shows 10 and says why. */
  const [overLimit, setOverLimit] = useState(false);
  const updateTimer = useRef<ReturnType<typeof setTimeout>>();
  const analyticsTimer = useRef<ReturnType<typeof setTimeout>>();
  const sent = useRef(line.quantity);
  const busy = update.submitting;
  const { fetcher } = update;

  // The server's quantity wins once nothing of ours is pending (another tab, the cap at 10).
  useEffect(() => {
    if (fetcher.state === 'idle' && updateTimer.current === undefined) {
      setQuantity(line.quantity);
      sent.current = line.quantity;
    }
  }, [line.quantity, fetcher.state]);
  useEffect(
    () => () => {
      clearTimeout(updateTimer.current);
      clearTimeout(analyticsTimer.current);
    },
    [],
  );

  const schedule = (next: number) => {
    const from = sent.current;
    setQuantity(next);
    clearTimeout(analyticsTimer.current);
    analyticsTimer.current = setTimeout(() => {
      if (next === from) return;
      pushEvent({
        event: next > from ? 'add_to_cart' : 'remove_from_cart',
        ecommerce: {
          currency: 'USD',
          items: [
            {
              item_id: line.sku,
              item_name: line.name,
              price: line.unitCents / 100,
              quantity: Math.abs(next - from),
            },
          ],
        },
      });
    }, ANALYTICS_DEBOUNCE_MS);
    clearTimeout(updateTimer.current);
    updateTimer.current = setTimeout(() => send(next), UPDATE_DEBOUNCE_MS);
  };

  const send = (next: number) => {
    clearTimeout(updateTimer.current);
    updateTimer.current = undefined;
    if (next === sent.current) return;
    sent.current = next;
    void fetcher.submit(
      { intent: 'update', lineId: line.id, quantity: String(next) },
      { method: 'post', action: '/cart' },
    );
  };

  /** The typed quantity, kept within 0 to 10 (above 10 says the limit); null for no whole number. */
  const typed = (raw: string) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isInteger(value)) return null;
    setOverLimit(value > MAX_LINE_QUANTITY);
    return Math.max(0, Math.min(MAX_LINE_QUANTITY, value));
  };

  /**
   * Enter in the field sets what was typed, now. Hydrated, the form has no Update button, so the browser's implicit
   * submission would press its first submit button, "Decrease" (issue 24 §1).
   */
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !update.hydrated) return;
    event.preventDefault();
    const next = typed(event.currentTarget.value);
    if (next === null) return;
    schedule(next);
    send(next);
  };

  const onStep = (event: MouseEvent<HTMLButtonElement>, delta: number) => {
    if (!update.hydrated) return;
    event.preventDefault();
    setOverLimit(false);
    schedule(Math.max(0, Math.min(MAX_LINE_QUANTITY, quantity + delta)));
  };

  const quantityId = `quantity-${line.id}`;
  const limitId = `quantity-limit-${line.id}`;
  const shownOptions = line.options.filter((option) => option.name !== 'Warehouse');
  /** The line's name for controls: two sizes of one product are two lines. */
  const label = [line.name, ...shownOptions.map((option) => option.value)].join(', ');
  const errors = [...update.formErrors, ...Object.values(update.allErrors).flat(), ...remove.formErrors];
  return (
    <li className={styles.line}>
      {line.imageUrl ? (
        <img
          className={styles.image}
          src={`${line.imageUrl}?w=160&q=75`}
          alt=""
          width={80}
          height={80}
          loading="lazy"
        />
      ) : (
        <span className={styles.image} />
      )}
      <div className={styles.lineBody}>
        <Link to={line.path} className={styles.lineName}>
          {line.name}
        </Link>
        <p className={styles.options}>
          {shownOptions.map((option) => `${option.name}: ${option.value}`).join(' · ')}
        </p>
        {line.proDiscountApplied ? <p className={styles.proLabel}>Pro Discount Applied</p> : null}
        <p>
          {line.compareAtCents !== null ? (
            <>
              <span className={visuallyHidden}>Your price </span>
              {formatPrice(line.unitCents)}{' '}
              <del>
                <span className={visuallyHidden}>Regular price </span>
                {formatPrice(line.compareAtCents)}
              </del>
            </>
          ) : (
            formatPrice(line.unitCents)
          )}
        </p>
        {line.problem ? <p className={styles.problem}>{line.problem}</p> : null}
        <div className={styles.controls}>
          <KitForm kit={update} className={styles.quantityForm}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <label htmlFor={quantityId} className={visuallyHidden}>
              Quantity of {label}
            </label>
            <input
              id={quantityId}
              className={`${styles.quantityInput} ${styles.quantityField}`}
              type="number"
              name="quantity"
              min={0}
              max={MAX_LINE_QUANTITY}
              value={quantity}
              aria-describedby={overLimit ? limitId : undefined}
              onChange={(event) => {
                const next = typed(event.currentTarget.value);
                if (next !== null) schedule(next);
              }}
              onKeyDown={onFieldKey}
            />
            {update.hydrated ? null : (
              <button type="submit" className={`${styles.linkButton} ${styles.updateButton}`}>
                Update
              </button>
            )}
            <button
              type="submit"
              name="step"
              value="-1"
              className={`${styles.stepButton} ${styles.decrease}`}
              aria-label={`Decrease quantity of ${label}`}
              disabled={busy}
              onClick={(event) => onStep(event, -1)}
            >
              −
            </button>
            <button
              type="submit"
              name="step"
              value="1"
              className={`${styles.stepButton} ${styles.increase}`}
              aria-label={`Increase quantity of ${label}`}
              disabled={busy || quantity >= MAX_LINE_QUANTITY}
              onClick={(event) => onStep(event, 1)}
            >
              +
            </button>
          </KitForm>
          <KitForm kit={remove}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className={styles.linkButton} disabled={remove.submitting}>
              Remove<span className={visuallyHidden}> {label}</span>
            </button>
          </KitForm>
          <span>
            <span className={visuallyHidden}>Line total </span>
            {formatPrice(line.unitCents * quantity)}
          </span>
        </div>
        {overLimit ? (
          <p id={limitId} className={styles.error} role="status">
            {QUANTITY_LIMIT}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <p className={styles.error} role="alert">
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
    </li>
  );
}
