// @vitest-environment happy-dom
/**
 * Decision 110: a lazily validated kit form (Testing Library over `createRemixStub`). Until it is touched, its
 * definition is not loaded; a submit that comes before the definition arrived waits for it and is then validated as
 * `useKitForm`'s would be: refused in the browser when invalid (nothing posted), posted once when valid. A focus in
 * the form starts the load.
 */
import { createRemixStub } from '@remix-run/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormStatus, KitForm, SubmitButton, TextField } from './fields';
import { defineForm, type FormDefinition } from './form-kit';
import { lazyKitForm, useLazyKitForm } from './use-lazy-kit-form';

const NAME_REQUIRED = 'Name Required';
const SAVED = 'Saved.';

const definition = defineForm({
  id: 'lazy-test',
  honeypot: false,
  schema: z.object({ name: z.string({ required_error: NAME_REQUIRED }).min(1, NAME_REQUIRED) }),
});

/** A lazy form whose definition arrives when the test says so; `requested` tells whether it was asked for. */
function deferredForm() {
  let release: (value: FormDefinition) => void = () => {};
  const state = { requested: false };
  const arrived = new Promise<FormDefinition>((resolve) => (release = resolve));
  const form = lazyKitForm<typeof definition>({
    id: 'lazy-test',
    honeypot: false,
    idempotent: false,
    constraint: { name: { required: true, minLength: 1 } },
    load: () => {
      state.requested = true;
      return arrived as Promise<typeof definition>;
    },
  });
  return { form, state, release: () => release(definition) };
}

function renderForm(form: ReturnType<typeof deferredForm>['form']) {
  const sent: Record<string, string>[] = [];
  function Page() {
    const kit = useLazyKitForm(form, { action: '/act', redirectTo: '/' });
    return (
      <KitForm kit={kit}>
        <TextField field={kit.fields.name} label="Name" />
        <SubmitButton kit={kit}>Send</SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
    );
  }
  const Stub = createRemixStub([
    { id: 'root', path: '/', loader: () => ({ flash: null }), Component: Page, children: [] },
    {
      path: '/act',
      action: async ({ request }) => {
        sent.push(
          Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)])),
        );
        return Response.json({ result: { initialValue: null }, message: SAVED });
      },
    },
  ]);
  render(<Stub initialEntries={['/']} future={{ v3_fetcherPersist: true, v3_relativeSplatPath: true }} />);
  return { sent };
}

afterEach(() => cleanup());

describe('a lazily validated kit form', () => {
  it('renders with its constraint and loads nothing until touched; a focus starts the load', async () => {
    const { form, state } = deferredForm();
    renderForm(form);
    const input = await screen.findByLabelText('Name');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('minlength')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.requested).toBe(false);
    fireEvent.focusIn(input);
    expect(state.requested).toBe(true);
  });

  it('an invalid submit before the definition arrived waits, then is refused in the browser: nothing posted', async () => {
    const { form, release } = deferredForm();
    const { sent } = renderForm(form);
    const input = await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    release();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(NAME_REQUIRED);
    expect(sent).toEqual([]);
  });

  it('a valid submit before the definition arrived is posted once, when it has', async () => {
    const { form, release } = deferredForm();
    const { sent } = renderForm(form);
    const input = await screen.findByLabelText('Name');
    fireEvent.change(input, { target: { value: 'Robin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    release();
    await waitFor(() => expect(screen.getByText(SAVED)).toBeTruthy());
    expect(sent).toEqual([{ name: 'Robin' }]);
  });
});
