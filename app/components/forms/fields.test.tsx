// @vitest-environment happy-dom
/**
 * The form kit's browser half below e2e (Testing Library over `createRemixStub`): labels, errors and their
 * aria wiring, client validation with the shared schema, what the hydrated fetcher sends (no `redirectTo`, an
 * idempotency key, the honeypot), replies in place, the flash of a post without JavaScript, and the analytics
 * events (form start once, form error). The back-in-stock form is the subject: it is the kit's first user.
 */
import { createRemixStub } from '@remix-run/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackInStockForm } from '../catalogue/back-in-stock';
import { BACK_IN_STOCK_REQUESTED, EMAIL_INVALID, EMAIL_REQUIRED } from '../catalogue/back-in-stock-schema';
import type { FormFlash, FormReply } from './form-kit';

const LABEL = 'Email me when it’s back';

type Sent = Record<string, string>;

function renderForm(
  options: {
    flash?: FormFlash | null;
    reply?: (sent: Sent) => { body: FormReply; status: number };
    /** The page around the form; the form for size M by default. */
    page?: () => JSX.Element;
  } = {},
) {
  const sent: Sent[] = [];
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ flash: options.flash ?? null }),
      Component:
        options.page ??
        (() => <BackInStockForm sku="600-BLK-M" size="M" redirectTo="/products/x/Black?size=M" />),
      children: [],
    },
    {
      path: '/api/product/notify',
      action: async ({ request }) => {
        const body = Object.fromEntries(
          [...(await request.formData()).entries()].map(([name, value]) => [name, String(value)]),
        );
        sent.push(body);
        const answer = options.reply?.(body) ?? {
          body: { result: { initialValue: null }, message: BACK_IN_STOCK_REQUESTED },
          status: 200,
        };
        return Response.json(answer.body, { status: answer.status });
      },
    },
  ]);
  render(<Stub initialEntries={['/']} future={{ v3_fetcherPersist: true, v3_relativeSplatPath: true }} />);
  return { sent };
}

const events = () => (window.dataLayer ?? []).map((entry) => ({ ...entry }));

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
});

describe('fields and errors', () => {
  it('labels the input, and ties a client-side error to it by id and aria', async () => {
    renderForm();
    const input = await screen.findByLabelText(LABEL);
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(EMAIL_REQUIRED);
    expect(input).toBe(document.activeElement);

    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.input(input);
    await waitFor(() => expect(document.getElementById(describedBy)?.textContent).toBe(EMAIL_INVALID));

    fireEvent.change(input, { target: { value: 'shopper@example.com' } });
    fireEvent.input(input);
    await waitFor(() => expect(input.hasAttribute('aria-invalid')).toBe(false));
  });

  it('reports form_start once, and form_error on a refused submit (names and messages, no values)', async () => {
    renderForm();
    const input = await screen.findByLabelText(LABEL);
    fireEvent.input(input, { target: { value: 'a' } });
    fireEvent.input(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(events().some((event) => event.event === 'form_error')).toBe(true));
    expect(events()).toEqual([
      { event: 'form_start', form_id: 'back-in-stock' },
      {
        event: 'form_error',
        form_id: 'back-in-stock',
        errors: [{ field: 'email', messages: [EMAIL_INVALID] }],
      },
    ]);
  });
});

describe('with JavaScript: the fetcher', () => {
  it('does not repeat a success under the next sold-out size the form is shown for (issue 9 §11)', async () => {
    function Page() {
      const [size, setSize] = useState('M');
      return (
        <>
          <button type="button" onClick={() => setSize('L')}>
            Pick L
          </button>
          <BackInStockForm
            sku={`600-BLK-${size}`}
            size={size}
            redirectTo={`/products/x/Black?size=${size}`}
          />
        </>
      );
    }
    renderForm({ page: Page });
    fireEvent.change(await screen.findByLabelText(LABEL), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(BACK_IN_STOCK_REQUESTED));
    fireEvent.click(screen.getByRole('button', { name: 'Pick L' }));
    await screen.findByRole('heading', { name: 'Size L is sold out' });
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('');
  });

  it('sends the fields, the honeypot and an idempotency key but no redirectTo; success clears the field', async () => {
    const { sent } = renderForm();
    const input = await screen.findByLabelText(LABEL);
    fireEvent.change(input, { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(BACK_IN_STOCK_REQUESTED));
    expect(sent).toHaveLength(1);
    const [body] = sent;
    expect(body).toMatchObject({ sku: '600-BLK-M', email: 'shopper@example.com', website: '' });
    expect(body!._key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body).not.toHaveProperty('redirectTo');
    await waitFor(() => expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe(''));

    // The next submission is a new one: a new key.
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: 'other@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!._key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(sent[1]!._key).not.toBe(body!._key);
  });

  it('shows a refusal of the server (a 429) in the status and reports it', async () => {
    const message = 'Too many attempts. Please try again in 60 minutes.';
    renderForm({
      reply: () => ({ body: { result: { status: 'error', error: { '': [message] } } }, status: 429 }),
    });
    fireEvent.change(await screen.findByLabelText(LABEL), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    const form = document.getElementById('back-in-stock')!;
    expect(form.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    expect(events()).toContainEqual({
      event: 'form_error',
      form_id: 'back-in-stock',
      errors: [{ field: 'form', messages: [message] }],
    });
  });

  it('shows a field error the server answered, with the value the shopper typed', async () => {
    renderForm({
      reply: (sent) => ({
        body: {
          result: {
            status: 'error',
            initialValue: { email: sent.email! },
            error: { email: [EMAIL_INVALID] },
          },
        },
        status: 400,
      }),
    });
    fireEvent.change(await screen.findByLabelText(LABEL), { target: { value: 'a@b.c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    const input = screen.getByLabelText(LABEL);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(EMAIL_INVALID);
  });
});

describe('without JavaScript: the flash of the post/redirect/get', () => {
  it('shows the errors and the typed value of a refused post', async () => {
    renderForm({
      flash: {
        formId: 'back-in-stock',
        result: { status: 'error', initialValue: { email: 'nope' }, error: { email: [EMAIL_INVALID] } },
      },
    });
    const input = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(input.value).toBe('nope');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(EMAIL_INVALID);
  });

  it('shows the success message with an empty field, and ignores the flash of another form', async () => {
    renderForm({
      flash: { formId: 'back-in-stock', result: { initialValue: null }, message: BACK_IN_STOCK_REQUESTED },
    });
    expect((await screen.findByRole('status')).textContent).toBe(BACK_IN_STOCK_REQUESTED);
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('');
    cleanup();

    renderForm({ flash: { formId: 'newsletter', result: { initialValue: null }, message: 'Thank you!' } });
    expect((await screen.findByRole('status')).textContent).toBe('');
  });
});
