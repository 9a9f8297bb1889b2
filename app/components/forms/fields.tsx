/**
 * The form kit's components: small accessible fields whose label, input and error are wired by id (`htmlFor`,
 * `aria-invalid`, `aria-describedby` from conform), and (from `form-shell.tsx`, which needs neither conform nor zod)
 * the form element with the kit's hidden fields, its status and its submit button.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import * as styles from './fields.css';

import { describedBy } from './form-shell';

export { FormStatus, KitForm, SubmitButton } from './form-shell';

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
