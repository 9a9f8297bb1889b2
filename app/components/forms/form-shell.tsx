/**
 * The form kit's shell: the form element with the kit's hidden fields, the status of the last submission and the
 * submit button. It needs neither conform nor zod, so a form checked by the server alone (`use-light-form.ts`) can
 * use it without loading them; `fields.tsx` re-exports it for the kit's forms.
 */
import type { ButtonHTMLAttributes, FormEvent, ReactNode } from 'react';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { KIT_FIELDS } from './form-kit';
import * as styles from './fields.css';
import type { KitForm as Kit } from './kit-form-core';
import type { LightField } from './use-light-form';

/** A browser-made idempotency key: 24 random URL-safe characters (works without a secure context). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * `<form method="post">` through the kit's fetcher. Without JavaScript it is a plain form post that carries
 * `redirectTo` (the server answers 303 back to this page); once hydrated `redirectTo` is dropped and the fetcher
 * gets the reply in place. Carries the honeypot and the idempotency key when the form has them.
 */
export function KitForm({
  kit,
  className,
  encType,
  children,
}: {
  kit: Kit;
  className?: string;
  /** `multipart/form-data` for a form with file inputs (repair photos without JavaScript). */
  encType?: 'multipart/form-data';
  children: ReactNode;
}) {
  const { definition, fetcher } = kit;
  const { formProps } = kit;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const key = event.currentTarget.elements.namedItem(KIT_FIELDS.idempotencyKey);
    if (key instanceof HTMLInputElement && key.value === '') key.value = newKey();
    formProps.onSubmit(event);
  };
  return (
    <fetcher.Form
      method="post"
      action={kit.action}
      className={className}
      encType={encType}
      {...formProps}
      onSubmit={onSubmit}
      onInput={kit.onInput}
    >
      {kit.hydrated ? null : <input type="hidden" name={KIT_FIELDS.redirectTo} value={kit.redirectTo} />}
      {definition.idempotent ? (
        <input type="hidden" name={KIT_FIELDS.idempotencyKey} defaultValue={kit.idempotencyKey ?? ''} />
      ) : null}
      {definition.honeypot ? <Honeypot /> : null}
      {children}
    </fetcher.Form>
  );
}

/** Hidden from people (and assistive technology), left empty by them, filled in by form-filling bots. */
function Honeypot() {
  return (
    <div className={visuallyHidden} aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={KIT_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The outcome of the last submission: its success message or its form-level errors (a 429, the honeypot, a check
 * of the whole form), in a polite live region that is always in the page so that a change is announced.
 * `fields` names controls that show no error of their own (hidden inputs, intent buttons): their errors show here.
 */
export function FormStatus({
  kit,
  fields = [],
  className,
}: {
  kit: Kit;
  fields?: readonly string[];
  className?: string;
}) {
  const errors = [...kit.formErrors, ...fields.flatMap((name) => kit.allErrors[name] ?? [])];
  return (
    <p
      id={kit.errorId}
      role="status"
      className={[errors.length > 0 ? styles.formError : styles.formSuccess, className]
        .filter(Boolean)
        .join(' ')}
    >
      {errors.length > 0 ? errors.join(' ') : (kit.message ?? '')}
    </p>
  );
}

/** A submit button, disabled while this form's submission is under way. */
export function SubmitButton({
  kit,
  children,
  pendingLabel,
  className,
  ...rest
}: {
  kit: Kit;
  children: ReactNode;
  /** Shown while submitting (default: the label). */
  pendingLabel?: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
  return (
    <button type="submit" className={className ?? button.primary} disabled={kit.submitting} {...rest}>
      {kit.submitting && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/** conform adds the hint's id only while the field is invalid; the hint is always a description. */
export function describedBy(fromConform: string | undefined, hintId: string | undefined): string | undefined {
  const ids = new Set([...(fromConform ?? '').split(' '), ...(hintId ? [hintId] : [])].filter(Boolean));
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

/**
 * A labelled text input of a light form (`use-light-form.ts`): the markup of the kit's `TextField`, with the
 * constraints the browser checks before hydration given here (equal to the schema's, see the form's unit test).
 */
export function LightTextField({
  field,
  label,
  type = 'text',
  autoComplete,
  required,
  maxLength,
  labelClassName,
  inputClassName,
  children,
}: {
  field: LightField;
  label: ReactNode;
  type?: 'text' | 'email';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  labelClassName?: string;
  inputClassName?: string;
  /** Rendered right after the input (a submit button on one row). */
  children?: ReactNode;
}) {
  const invalid = field.errors !== undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={field.id} className={labelClassName ?? styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={field.id}
          name={field.name}
          type={type}
          required={required}
          maxLength={maxLength}
          defaultValue={field.defaultValue}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          className={inputClassName ?? styles.input}
        />
        {children}
      </div>
      {invalid ? (
        <p id={field.errorId} className={styles.fieldError}>
          {field.errors?.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
