/**
 * The form kit's light browser half, for forms on every page (the footer's newsletter) or on the product page (Add
 * to Cart), whose few fields the browser need not check as they are typed (issue 7 §6: no zod in the browser unless a
 * form there needs it). The form is the kit's (`KitForm`: hidden fields, honeypot, idempotency key, post without
 * JavaScript with the same 303 and flash), posted through a fetcher once hydrated; the action checks it with the
 * form's zod schema as for any kit form, and its reply (errors by field, the success message) is shown by the same
 * components. Before hydration the browser's own checks apply (`required`, `maxLength`: the constraints the schema
 * gives, kept equal to them by a unit test); once hydrated the form is `noValidate` and the server's messages (SPEC
 * word for word) are shown, one round trip later than a kit form's.
 *
 * It loads neither conform nor zod: the form's definition is read from a zod-free module (`FormMeta`).
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { reportFormError, useFormStartTracking } from '../analytics/form-tracking';
import { useRootData } from '../layout/root-data';
import { useHydrated } from '../panels/use-hydrated';
import type { FormDefinition, FormReply } from './form-kit';
import type { KitForm } from './use-kit-form';

/** What the browser needs of a form's definition: no schema. `defineForm({ ...meta, schema })` makes the kit's. */
export type FormMeta = Pick<FormDefinition, 'id' | 'honeypot' | 'idempotent'>;

/** A field of a light form: its ids (conform's naming, so the markup is a kit form's), errors and value to show. */
export type LightField = {
  id: string;
  name: string;
  errorId: string;
  errors: string[] | undefined;
  /** The value sent, shown again after a refused post without JavaScript (the flash's). */
  defaultValue: string | undefined;
};

export type LightForm = KitForm & { field: (name: string) => LightField };

const noErrors = (messages: string[] | null | undefined): string[] | undefined =>
  messages && messages.length > 0 ? messages : undefined;

export function useLightForm(
  meta: FormMeta,
  options: { action: string; redirectTo: string; idempotencyKey?: string },
): LightForm {
  const id = meta.id;
  const fetcher = useFetcher<FormReply>({ key: id });
  const hydrated = useHydrated();
  const flash = useRootData()?.flash;
  const reply: FormReply | null = fetcher.data ?? (flash && flash.formId === id ? flash : null) ?? null;
  const result = reply?.result;
  const errors = result?.status === 'error' ? (result.error ?? {}) : {};
  const formErrors = noErrors(errors['']) ?? [];
  const errorId = `${id}-error`;
  const succeeded = reply?.message !== undefined && result?.status !== 'error';

  useEffect(() => {
    if (result?.status !== 'error') return;
    reportFormError(
      id,
      Object.fromEntries(Object.entries(result.error ?? {}).map(([name, list]) => [name || 'form', list])),
    );
  }, [id, result]);

  // After a success the next submit is a new one (a new idempotency key), and a reply that resets the form (conform's
  // `initialValue: null`) empties its fields, as the kit's forms do.
  const handled = useRef<FormReply | null>(null);
  useEffect(() => {
    if (!succeeded || !reply || handled.current === reply) return;
    handled.current = reply;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    if (result?.initialValue === null) form.reset();
    const key = form.elements.namedItem('_key');
    if (meta.idempotent && key instanceof HTMLInputElement) key.value = '';
  }, [id, meta.idempotent, reply, result, succeeded]);

  const onInput = useFormStartTracking(id);
  const initialValue = result?.initialValue ?? null;
  return {
    definition: meta,
    formProps: {
      id,
      // The server checks the form: once hydrated, the browser's own bubbles would show other words than SPEC's.
      noValidate: hydrated,
      onSubmit: () => undefined,
      'aria-describedby': formErrors.length > 0 ? errorId : undefined,
    },
    formErrors,
    errorId,
    allErrors: Object.fromEntries(
      Object.entries(errors).flatMap(([name, list]) => (list && list.length > 0 ? [[name, list]] : [])),
    ),
    fetcher,
    action: options.action,
    redirectTo: options.redirectTo,
    idempotencyKey: options.idempotencyKey,
    hydrated,
    message: succeeded ? reply?.message : undefined,
    submitting: fetcher.state !== 'idle',
    onInput,
    field(name: string): LightField {
      const value = initialValue?.[name];
      return {
        id: `${id}-${name}`,
        name,
        errorId: `${id}-${name}-error`,
        errors: noErrors(errors[name]),
        defaultValue: typeof value === 'string' ? value : undefined,
      };
    },
  };
}
