/**
 * The form kit's browser half without a schema (decision 110): conform over a Remix fetcher, with the constraint and
 * the validation handed in. `useKitForm` (use-kit-form.ts) hands in the definition's zod schema, read at once;
 * `useLazyKitForm` (use-lazy-kit-form.ts) a constraint written beside the form and a validation that loads when the
 * shopper first touches the form. Neither conform's zod adapter nor zod is imported here.
 */
import {
  getFormProps,
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import type { z } from 'zod';
import { reportFormError, useFormStartTracking } from '../analytics/form-tracking';
import { useRootData } from '../layout/root-data';
import { useHydrated } from '../panels/use-hydrated';
import type { FormDefinition, FormReply } from './form-kit';

export type UseKitFormOptions<Schema extends z.ZodTypeAny> = {
  /** The action's URL (a route with a `handleForm` action). */
  action: string;
  /** The page a browser without JavaScript comes back to (the page showing this form), path and query. */
  redirectTo: string;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** A key made by the loader (private pages only); without one the browser makes one when it submits. */
  idempotencyKey?: string;
  /**
   * One of several forms of this definition on a page (a cart line's): its own HTML id and fetcher key
   * (`{id}-{instance}`), so rapid submits of one entity supersede each other and not another's (CONVENTIONS 9).
   */
  instance?: string;
};

/** What the browser needs of a form's definition besides its schema. */
export type KitFormMeta = Pick<FormDefinition, 'id' | 'honeypot' | 'idempotent'>;

/** The HTML constraint of each field (conform's `getZodConstraint`): `required`, `minLength`, `pattern`, … */
export type KitConstraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    multiple?: boolean;
    pattern?: string;
  }
>;

/**
 * The form's submission parsed with its schema (conform's `parseWithZod`); the form element and the submitter for a
 * validation that must wait for its schema (use-lazy-kit-form.ts).
 */
export type KitValidate<Output> = (
  formData: FormData,
  form: HTMLFormElement,
  submitter: HTMLInputElement | HTMLButtonElement | null,
) => Submission<Record<string, unknown>, string[], Output>;

/** conform's errors keyed by field, with the form-level ones (conform's '') named `form` for analytics. */
function namedErrors(error: SubmissionResult<string[]>['error'] | null): Record<string, string[] | null> {
  return Object.fromEntries(
    Object.entries(error ?? {}).map(([name, messages]) => [name === '' ? 'form' : name, messages]),
  );
}

export function useKitFormWith<Schema extends z.ZodTypeAny>(
  definition: KitFormMeta,
  options: UseKitFormOptions<Schema>,
  constraint: KitConstraint,
  validate: KitValidate<z.output<Schema>>,
) {
  const htmlId = options.instance ? `${definition.id}-${options.instance}` : definition.id;
  const fetcher = useFetcher<FormReply>({ key: htmlId });
  const hydrated = useHydrated();
  const flash = useRootData()?.flash;
  const reply: FormReply | null =
    fetcher.data ??
    // An instance's outcome after a post without JavaScript is shown by its page (it cannot tell instances apart).
    (flash && flash.formId === definition.id && !options.instance ? flash : null) ??
    null;

  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: htmlId,
    lastResult: reply?.result ?? null,
    constraint,
    defaultValue: options.defaultValue as DefaultValue<z.input<Schema> & Record<string, unknown>>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData, form, submitter }) {
      const submission = validate(formData, form, submitter);
      // conform validates on blur and input too; only a refused submit has the status "error".
      if (submission.status === 'error') reportFormError(definition.id, namedErrors(submission.error));
      return submission as Submission<z.input<Schema> & Record<string, unknown>, string[], z.output<Schema>>;
    },
  });

  const result = reply?.result;
  useEffect(() => {
    if (result?.status === 'error') reportFormError(definition.id, namedErrors(result.error));
  }, [definition.id, result]);

  // After a success, the next submit is a new one: it gets a new idempotency key.
  const succeeded = reply?.message !== undefined && result?.status !== 'error';
  useEffect(() => {
    if (!succeeded || !definition.idempotent) return;
    const element = document.getElementById(htmlId);
    const input = element instanceof HTMLFormElement ? element.elements.namedItem('_key') : null;
    if (input instanceof HTMLInputElement) input.value = '';
  }, [htmlId, definition.idempotent, reply, succeeded]);

  return {
    definition,
    form,
    fields,
    /** The form element's props (id, validation on submit, aria) for `KitForm`. */
    formProps: getFormProps(form),
    formErrors: form.errors ?? [],
    /** The id of the form's status (conform's form error id, named by the form's aria-describedby). */
    errorId: form.errorId,
    allErrors: form.allErrors,
    fetcher,
    action: options.action,
    redirectTo: options.redirectTo,
    idempotencyKey: options.idempotencyKey,
    hydrated,
    /** The success message of the last submission, if it succeeded. */
    message: succeeded ? reply?.message : undefined,
    submitting: fetcher.state !== 'idle',
    onInput: useFormStartTracking(definition.id),
  };
}

/** What the kit's components need of a kit form's hook result, whatever the form's schema. */
export type KitForm = Omit<ReturnType<typeof useKitFormWith>, 'definition' | 'form' | 'fields'> & {
  definition: KitFormMeta;
};
