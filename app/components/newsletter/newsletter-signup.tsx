/**
 * The footer's newsletter sign-up (SPEC §4 "Newsletter": idle, submitting, success or error): a light kit form
 * (`use-light-form.ts`; the footer is on every page, so it loads neither conform nor zod). A fetcher with
 * JavaScript, a post that comes back to this page (303, flash) without it; `/api/newsletter` checks it.
 */
import { useLocation } from '@remix-run/react';
import { FormStatus, KitForm, LightTextField, SubmitButton } from '../forms/form-shell';
import { useLightForm } from '../forms/use-light-form';
import { NEWSLETTER_ACTION, NEWSLETTER_EMAIL_MAX, NEWSLETTER_FORM } from './newsletter-action';

export function NewsletterSignup({
  labelClassName,
  inputClassName,
}: {
  labelClassName?: string;
  inputClassName?: string;
}) {
  const location = useLocation();
  const form = useLightForm(NEWSLETTER_FORM, {
    action: NEWSLETTER_ACTION,
    redirectTo: `${location.pathname}${location.search}#${NEWSLETTER_FORM.id}`,
  });
  return (
    <KitForm kit={form}>
      <LightTextField
        field={form.field('email')}
        label="Email address"
        type="email"
        autoComplete="email"
        required
        maxLength={NEWSLETTER_EMAIL_MAX}
        labelClassName={labelClassName}
        inputClassName={inputClassName}
      >
        <SubmitButton kit={form} pendingLabel="Subscribing…">
          Subscribe
        </SubmitButton>
      </LightTextField>
      <FormStatus kit={form} />
    </KitForm>
  );
}
