import { Form, useSubmit } from '@remix-run/react';
import { useId } from 'react';
import { isPurchasable, stockMessage, stockStatus } from '../../../server/catalogue/public';
import type { ColorSwatch, ProductVariant } from '../../../server/catalogue/public';
import { button } from '../../../styles/button.css';
import * as styles from './option-pickers.css';
import { useHydrated } from '../panels/use-hydrated';
import { Swatch } from './swatch';

/** Colours are links to their own product URLs (shareable, no JavaScript needed); the size choice is kept. */
export function ColorPicker({
  colors,
  selected,
  size,
}: {
  colors: ColorSwatch[];
  selected: ColorSwatch;
  size: string | null;
}) {
  const headingId = useId();
  const query = size ? `?${new URLSearchParams({ size })}` : '';
  return (
    <div className={styles.group}>
      <p id={headingId} className={styles.legend}>
        Color: <span className={styles.chosen}>{selected.label}</span>
      </p>
      <ul role="list" className={styles.options} aria-labelledby={headingId}>
        {colors.map((color) => (
          <li key={color.id}>
            <a
              className={styles.colorLink}
              href={`${color.href}${query}`}
              aria-current={color.id === selected.id ? 'true' : undefined}
            >
              <Swatch color={color} size={32} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Sizes as a GET form (`?size=M`): radio buttons and a submit button work without JavaScript; with it, a
 * change submits at once and the button is gone. A sold-out size can be chosen, to reach its back-in-stock form (issue 9 §5); a size that
 * cannot be bought online at all is shown but cannot be chosen.
 */
export function SizePicker({ variants, selected }: { variants: ProductVariant[]; selected: string | null }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      className={styles.sizeForm}
      preventScrollReset
      replace
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          Size{selected ? <span className={styles.chosen}>: {selected}</span> : null}
        </legend>
        <div className={styles.options}>
          {variants.map((variant) => {
            const purchasable = isPurchasable(variant);
            const status = stockStatus(variant);
            return (
              <label key={variant.id} className={styles.sizeOption}>
                <input
                  className={styles.sizeInput}
                  type="radio"
                  name="size"
                  value={variant.size ?? ''}
                  defaultChecked={variant.size === selected}
                  disabled={status === 'unavailable'}
                  // "L, sold out" as one name (hidden text beside the size would be read as "L , sold out").
                  aria-label={
                    purchasable ? undefined : `${variant.size}, ${stockMessage(variant).toLowerCase()}`
                  }
                />
                <span className={`${styles.sizeBox} ${status === 'sold-out' ? styles.soldOutBox : ''}`}>
                  {variant.size}
                  {/* Said in words under the size, never a line through it (issue 9 §11). */}
                  {purchasable ? null : (
                    <span className={styles.sizeTag} aria-hidden="true">
                      {status === 'sold-out' ? 'Sold out' : 'Unavailable'}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {/* With JavaScript a choice submits itself (issue 24 §11: the button stayed under the chosen size). */}
      {hydrated ? null : (
        <div>
          <button type="submit" className={button.secondary}>
            Choose size
          </button>
        </div>
      )}
    </Form>
  );
}

/** Availability of the chosen variant, or of the colour while no size is chosen. */
export function StockNote({
  variants,
  selected,
  colorLabel,
}: {
  variants: ProductVariant[];
  selected: ProductVariant | null;
  colorLabel: string;
}) {
  const { text, tone } = stockNote(variants, selected, colorLabel);
  return <p className={`${styles.stock} ${styles.stockTone[tone]}`}>{text}</p>;
}

function stockNote(
  variants: ProductVariant[],
  selected: ProductVariant | null,
  colorLabel: string,
): { text: string; tone: styles.StockTone } {
  if (selected)
    return { text: stockMessage(selected), tone: isPurchasable(selected) ? 'available' : 'unavailable' };
  if (!variants.some(isPurchasable)) return { text: `Sold out in ${colorLabel}`, tone: 'unavailable' };
  return { text: 'Choose a size to see its availability', tone: 'neutral' };
}
