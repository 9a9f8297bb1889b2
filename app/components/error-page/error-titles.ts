/**
 * The title of each status's error page, apart from its text (http-errors.ts): the root's `meta` needs the title
 * on every page kind, the text only an error page needs, and the error page's code loads with it
 * (error-page-lazy.tsx, issue 7 §6).
 */
export const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Please sign in',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Not allowed here',
  409: 'Already sent',
  413: 'Too much data',
  415: 'Not a form',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
  500: 'Something went wrong',
};

/** The title of a status: its own, else that of its class (4xx as a bad request, 5xx as our failure). */
export function errorTitle(status: number): string {
  return ERROR_TITLES[status] ?? (status >= 400 && status < 500 ? ERROR_TITLES[400]! : ERROR_TITLES[500]!);
}
