/**
 * The footer's newsletter sign-up (SPEC §4 "Newsletter": idle, submitting, success or error), on the form kit:
 * a fetcher with JavaScript, a post that comes back to this page (303, flash) without it.
 */
import { useLocation } from '@remix-run/react';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import { useKitForm } from '../forms/use-kit-form';
import { NEWSLETTER_ACTION, newsletterForm } from './newsletter-form';

export function NewsletterSignup({
  labelClassName,
  inputClassName,
}: {
  labelClassName?: string;
  inputClassName?: string;
}) {
  const location = useLocation();
  const kit = useKitForm(newsletterForm, {
    action: NEWSLETTER_ACTION,
    redirectTo: `${location.pathname}${location.search}#${newsletterForm.id}`,
  });
  return (
    <KitForm kit={kit}>
      <TextField
        field={kit.fields.email}
        label="Email address"
        type="email"
        autoComplete="email"
        labelClassName={labelClassName}
        inputClassName={inputClassName}
      >
        <SubmitButton kit={kit} pendingLabel="Subscribing…">
          Subscribe
        </SubmitButton>
      </TextField>
      <FormStatus kit={kit} />
    </KitForm>
  );
}
