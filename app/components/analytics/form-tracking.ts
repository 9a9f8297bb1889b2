import { useCallback, useRef } from 'react';
import { pushEvent, type AnalyticsEvent } from './data-layer';

/** SPEC §4: analytics events fire once per form start; a form error event is reported on error. */
export function createFormStartTracker(push: (event: AnalyticsEvent) => void) {
  const started = new Set<string>();
  return {
    /** Call on every input of the form: only the first one for this form id reports form_start. */
    input(formId: string): boolean {
      if (started.has(formId)) return false;
      started.add(formId);
      push({ event: 'form_start', form_id: formId });
      return true;
    },
  };
}

/**
 * `<form onInput={useFormStartTracking('signup')}>`: reports form_start on the first input into this form,
 * once for as long as the form stays mounted (a form opened again is a new start).
 */
export function useFormStartTracking(formId: string): () => void {
  const tracker = useRef<ReturnType<typeof createFormStartTracker> | null>(null);
  return useCallback(() => {
    tracker.current ??= createFormStartTracker(pushEvent);
    tracker.current.input(formId);
  }, [formId]);
}

export type FormErrors = Record<string, readonly string[] | string | null | undefined>;

/** The form_error event: fields with errors and their messages (never the values the shopper typed). */
export function formErrorEvent(formId: string, errors: FormErrors): AnalyticsEvent | null {
  const fields = Object.entries(errors)
    .map(([field, messages]) => ({
      field,
      messages: (Array.isArray(messages) ? messages : messages ? [messages] : []) as string[],
    }))
    .filter((entry) => entry.messages.length > 0);
  if (fields.length === 0) return null;
  return { event: 'form_error', form_id: formId, errors: fields };
}

/** Reports the errors a form answered with (e.g. conform's `form.allErrors`); nothing when there are none. */
export function reportFormError(formId: string, errors: FormErrors): void {
  const event = formErrorEvent(formId, errors);
  if (event) pushEvent(event);
}
