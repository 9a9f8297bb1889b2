/**
 * "Send a gift card" on the cart page (issue 11 §6, issue 24 §4), linked from the cart panel: recipient, sender,
 * message, a whole-dollar amount within the gift-card content model's limits (shown when the page has them) and
 * the day it is e-mailed (a date input, from today to a year ahead). Posts to /cart/gift-card (a kit form:
 * post/redirect/get without JavaScript, a fetcher with it); the cart then holds it as
 * "{recipient} emailing on dd/mm/yyyy". The content model's limits are the service's checks.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { button } from '../../../styles/button.css';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import * as fieldStyles from '../forms/fields.css';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import { GIFT_CARD_SECTION } from './cart-contents';
import { giftCardLazyForm } from './lazy-forms';
import { isoDay } from './gift-card-text';
import * as styles from './cart.css';

/** The gift-card content model's amounts, in whole dollars (content/gift-card.json). */
export type GiftCardLimits = { minAmount: number; maxAmount: number };

export function GiftCardForm({ limits }: { limits?: GiftCardLimits | null }) {
  const kit = useLazyKitForm(giftCardLazyForm, { action: '/cart/gift-card', redirectTo: '/cart' });
  const { fields } = kit;
  const today = new Date();
  return (
    <section id={GIFT_CARD_SECTION} aria-labelledby="gift-card-heading" className={styles.giftSection}>
      <h2 id="gift-card-heading">Send a gift card</h2>
      <KitForm kit={kit} className={styles.giftForm}>
        <div className={styles.giftFields}>
          <TextField field={fields.recipientName} label="Recipient name" autoComplete="off" />
          <TextField field={fields.recipientEmail} label="Recipient email" type="email" autoComplete="off" />
          <TextField field={fields.senderName} label="Your name" autoComplete="name" />
          <TextField field={fields.senderEmail} label="Your email" type="email" autoComplete="email" />
        </div>
        <TextField field={fields.message} label="Message (optional)" autoComplete="off" />
        <div className={styles.giftFields}>
          <TextField
            field={fields.amount}
            label="Amount in whole dollars"
            autoComplete="off"
            hint={limits ? `From $${limits.minAmount} to $${limits.maxAmount}` : undefined}
          />
          <DateField
            field={fields.sendOn}
            label="Send on"
            hint="The day we email it to the recipient"
            min={isoDay(today)}
            max={isoDay(today, 365)}
          />
        </div>
        <FormStatus kit={kit} className={fieldStyles.field} />
        <SubmitButton kit={kit} className={button.secondary} pendingLabel="Adding…">
          Add gift card
        </SubmitButton>
      </KitForm>
    </section>
  );
}

/** A labelled `type=date` input (the browser's date picker), with its hint and its errors printed once. */
function DateField({
  field,
  label,
  hint,
  min,
  max,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  min: string;
  max: string;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: 'date' });
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={field.id} className={fieldStyles.label}>
        {label}
      </label>
      <p id={hintId} className={fieldStyles.hint}>
        {hint}
      </p>
      <input
        {...props}
        key={key}
        min={min}
        max={max}
        aria-describedby={[props['aria-describedby'], hintId].filter(Boolean).join(' ')}
        className={fieldStyles.input}
      />
      <FieldErrors field={field as FieldMetadata<unknown>} />
    </div>
  );
}
