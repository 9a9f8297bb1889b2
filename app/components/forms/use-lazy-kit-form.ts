/**
 * A kit form whose validation loads when it is used (decision 110). `useKitForm` reads the form's zod schema when
 * the page renders, so a page with a kit form loaded zod and conform's zod adapter (about 13 KB) with its first
 * scripts, and the cart, checkout, account and repair pages weighed more than the catalogue's. Here the browser
 * renders the form with conform as before, from a `LazyKitForm`: the definition's id and flags, the HTML constraint
 * (`getZodConstraint`'s, written beside the form and checked equal to it by a unit test), and a loader of the
 * definition. The first focus, pointer press or key press in the form loads the definition and conform's zod
 * adapter; from then on the form validates on blur, on input and on submit exactly as `useKitForm`'s.
 *
 * Before they have arrived (a submit faster than the chunk, a click on a form's only button), a submit waits for them
 * and then goes ahead as with `useKitForm`: validated in the browser, posted only when valid. A blur or input in
 * that moment validates nothing (the next one does).
 */
import { parse } from '@conform-to/react';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { FormDefinition } from './form-kit';
import {
  useKitFormWith,
  type KitConstraint,
  type KitFormMeta,
  type KitValidate,
  type UseKitFormOptions,
} from './kit-form-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyKitForm<Schema extends z.ZodTypeAny = any> = KitFormMeta & {
  constraint: KitConstraint;
  /** The form's definition, from the module the action validates with (`() => import(…).then(…)`). */
  load: () => Promise<FormDefinition<Schema, never>>;
};

/** A form's browser-side description, typed by its definition (`lazyKitForm<typeof profileForm>({ … })`). */
export function lazyKitForm<Definition extends FormDefinition>(
  form: KitFormMeta & {
    constraint: KitConstraint;
    load: () => Promise<Definition>;
  },
): LazyKitForm<ReturnType<Definition['schema']>> {
  return form as unknown as LazyKitForm<ReturnType<Definition['schema']>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const validators = new WeakMap<LazyKitForm, KitValidate<any>>();
const loads = new WeakMap<LazyKitForm, Promise<unknown>>();

/** Loads the form's validation once (each later call returns the same promise). */
export function loadKitValidation(form: LazyKitForm): Promise<unknown> {
  let pending = loads.get(form);
  if (!pending) {
    pending = Promise.all([import('./kit-validation'), form.load()]).then(([kit, definition]) => {
      validators.set(form, kit.validatorFor(definition));
    });
    // A failed load is tried again on the next touch; meanwhile the action validates.
    pending.catch(() => loads.delete(form));
    loads.set(form, pending);
  }
  return pending;
}

/** Forms whose next submit goes to the action unchecked: their validation could not be loaded. */
const uncheckedOnce = new WeakSet<HTMLFormElement>();

/**
 * The validation of a form whose schema has not arrived yet. A submit waits for it: conform is told the submission
 * is not valid, without an error (so the submit is stopped and nothing is reported), and once the schema is there
 * the form is submitted again by the same button, validated as any. A blur's or input's validation reports
 * nothing. Should the load fail, the form is submitted again unchecked: the action validates with the same schema.
 */
function waitingFor(form: LazyKitForm): KitValidate<never> {
  return (formData, element, submitter) => {
    let intent = false;
    const pending = parse(formData, {
      resolve: (_payload, parsedIntent) => {
        intent = parsedIntent !== null;
        return { error: {} };
      },
    });
    if (uncheckedOnce.has(element)) {
      uncheckedOnce.delete(element);
      return parse(formData, { resolve: () => ({ value: {} as never }) }) as ReturnType<KitValidate<never>>;
    }
    if (!intent) {
      const again = () => {
        if (element.isConnected) element.requestSubmit(submitter?.form === element ? submitter : null);
      };
      loadKitValidation(form).then(again, () => {
        uncheckedOnce.add(element);
        again();
      });
    }
    return { ...pending, status: undefined } as ReturnType<KitValidate<never>>;
  };
}

/** The events that mean the shopper is about to use a form. */
const TOUCH_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

export function useLazyKitForm<Schema extends z.ZodTypeAny>(
  form: LazyKitForm<Schema>,
  options: UseKitFormOptions<Schema>,
) {
  const kit = useKitFormWith<Schema>(form, options, form.constraint, (formData, element, submitter) =>
    (validators.get(form) ?? waitingFor(form))(formData, element, submitter),
  );
  const htmlId = kit.formProps.id;
  useTouchLoads(htmlId, form);
  return kit;
}

function useTouchLoads(htmlId: string, form: LazyKitForm) {
  useEffect(() => {
    if (validators.has(form)) return;
    const element = document.getElementById(htmlId);
    if (!(element instanceof HTMLFormElement)) return;
    const touched = (event: Event) => {
      const target = event.target;
      const owner =
        target instanceof Element ? ((target as HTMLInputElement).form ?? target.closest('form')) : null;
      if (owner !== element && target !== element) return;
      for (const name of TOUCH_EVENTS) document.removeEventListener(name, touched, true);
      void loadKitValidation(form);
    };
    for (const name of TOUCH_EVENTS) document.addEventListener(name, touched, true);
    return () => {
      for (const name of TOUCH_EVENTS) document.removeEventListener(name, touched, true);
    };
  }, [htmlId, form]);
}
