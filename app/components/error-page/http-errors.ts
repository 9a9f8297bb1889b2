/**
 * What the error boundary says for each status (browser-safe), and the one-line guard that turns bad input into
 * a 4xx: `invariantResponse(product, 'Product not found', { status: 404 })`. Each message says what happened
 * and what the shopper can do; only a failure on our side asks to "try again in a moment".
 */
import { safeRedirect } from '../../../server/forms/public';
import { ERROR_TITLES } from './error-titles';

export type ErrorCopy = { title: string; text: string };

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Part of this address or of what was sent is not valid, so we could not use it. Check the link, or go back and try again with different details.',
  401: 'This page is for signed-in customers. Sign in to your account, then open it again.',
  403: 'Your account cannot open this page or do this. If you think it should, contact us and quote the reference below.',
  404: 'The page you are looking for has moved or no longer exists.',
  405: 'This address does not accept this kind of request. Use the links and buttons of the store’s pages to get here.',
  409: 'This was already sent with other details. Go back, reload the page and try again.',
  413: 'What was sent is larger than this page accepts. Go back and send less.',
  415: 'This address only accepts the store’s own forms.',
  429: 'This was sent too many times in a short while. Please wait a few minutes before trying again.',
  503: 'The store cannot answer right now, usually for a minute or two during maintenance. Please try again in a moment.',
  500: 'Something went wrong on our side. Please try again in a moment; if it keeps happening, contact us and quote the reference below.',
};

export const ERROR_COPY: Readonly<Record<number, ErrorCopy>> = Object.fromEntries(
  Object.entries(ERROR_TEXT).map(([status, text]) => [
    status,
    { title: ERROR_TITLES[Number(status)]!, text },
  ]),
);

/** The copy of a status: its own, else that of its class (4xx as a bad request, 5xx as our failure). */
export function errorCopy(status: number): ErrorCopy {
  return ERROR_COPY[status] ?? (status >= 400 && status < 500 ? ERROR_COPY[400]! : ERROR_COPY[500]!);
}

/** The statuses `invariantResponse` throws. */
export type ClientErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;

/** The body of a thrown error Response: a message for the shopper and, optionally, where to go back. */
export type ErrorData = { message?: string; returnTo?: string };

/**
 * Throws a Response with `status` (400 by default) unless `condition` holds; the error boundary shows `message`
 * (write it for the shopper: no internals, no personal data). A TypeScript assertion: after it, `condition` is
 * narrowed (`invariantResponse(product, …)` leaves `product` non-null).
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status?: ClientErrorStatus; headers?: Record<string, string> } = {},
): asserts condition {
  if (condition) return;
  throw new Response(JSON.stringify({ message } satisfies ErrorData), {
    status: init.status ?? 400,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  });
}

/** The message and return path a thrown error carried, when they are plain, short strings. */
export function errorData(data: unknown): ErrorData {
  if (!data || typeof data !== 'object') return {};
  const { message, returnTo } = data as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message.length <= 300 ? message : undefined,
    returnTo: typeof returnTo === 'string' ? safeRedirect(returnTo, '') || undefined : undefined,
  };
}
