/**
 * The form kit's components: the form element with the kit's hidden fields, and small accessible fields whose
 * label, input and error are wired by id (`htmlFor`, `aria-invalid`, `aria-describedby` from conform).
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ButtonHTMLAttributes, FormEvent, ReactNode } from 'react';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { KIT_FIELDS } from './form-kit';
import * as styles from './fields.css';
import type { KitForm as Kit } from './use-kit-form';

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

/** A field's errors, under the id its input names in `aria-describedby`. */
export function FieldErrors({ field }: { field: FieldMetadata<unknown> }) {
  if (!field.errors || field.errors.length === 0) return null;
  return (
    <p id={field.errorId} className={styles.fieldError}>
      {field.errors.join(' ')}
    </p>
  );
}

type TextType = 'text' | 'email' | 'tel' | 'password' | 'search' | 'url';

/** A labelled text input with its errors. */
export function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  labelClassName,
  inputClassName,
  className,
  children,
}: {
  field: FieldMetadata<string | undefined> | FieldMetadata<string>;
  label: ReactNode;
  type?: TextType;
  autoComplete?: string;
  /** A short help text, announced with the input. */
  hint?: ReactNode;
  labelClassName?: string;
  inputClassName?: string;
  className?: string;
  /** Rendered right after the input (a submit button on one row). */
  children?: ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field as FieldMetadata<string>, { type });
  return (
    <div className={className ?? styles.field}>
      <label htmlFor={field.id} className={labelClassName ?? styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.row}>
        <input
          {...props}
          key={key}
          autoComplete={autoComplete}
          aria-describedby={describedBy(props['aria-describedby'], hint ? hintId : undefined)}
          className={inputClassName ?? styles.input}
        />
        {children}
      </div>
      <FieldErrors field={field as FieldMetadata<unknown>} />
    </div>
  );
}

/** conform adds the hint's id only while the field is invalid; the hint is always a description. */
function describedBy(fromConform: string | undefined, hintId: string | undefined): string | undefined {
  const ids = new Set([...(fromConform ?? '').split(' '), ...(hintId ? [hintId] : [])].filter(Boolean));
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

/** A labelled checkbox, with an optional description, and its errors. */
export function CheckboxField({
  field,
  label,
  description,
  disabled,
  className,
  inputClassName,
  labelClassName,
  descriptionClassName,
  children,
}: {
  field: FieldMetadata<boolean | undefined> | FieldMetadata<boolean>;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
  inputClassName?: string;
  labelClassName?: string;
  descriptionClassName?: string;
  children?: ReactNode;
}) {
  const descriptionId = `${field.id}-description`;
  const { key, ...props } = getInputProps(field as FieldMetadata<boolean>, { type: 'checkbox' });
  return (
    <div className={className ?? styles.checkboxField}>
      <input
        {...props}
        key={key}
        disabled={disabled}
        aria-describedby={describedBy(props['aria-describedby'], description ? descriptionId : undefined)}
        className={inputClassName ?? styles.checkbox}
      />
      <label htmlFor={field.id} className={labelClassName ?? styles.checkboxLabel}>
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className={descriptionClassName ?? styles.description}>
          {description}
        </p>
      ) : null}
      {children}
      <FieldErrors field={field as FieldMetadata<unknown>} />
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
