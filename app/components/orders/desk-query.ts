/**
 * The order desk's list and export query (decision 093): status, a date range of UTC days and a search text, read
 * from the URL with bounds. Browser-safe. A value that is not one (an unknown status, a day that does not exist) is
 * a refusal with a message, never a 500.
 */
import { isOrderStatus, type OrderStatus } from '../../../server/checkout/public';

export type DeskQuery = {
  status: OrderStatus | null;
  /** YYYY-MM-DD as typed (empty: open). */
  from: string;
  to: string;
  q: string;
  page: number;
};

export const DESK_QUERY_MESSAGES = {
  status: 'Choose a status from the list.',
  date: 'Enter dates as YYYY-MM-DD.',
  range: 'The first day must not be after the last day.',
  query: 'Search for at most 100 characters.',
} as const;

/** A UTC day's start, or null when `day` is not a real YYYY-MM-DD date. */
export function dayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** The start of the day after `day`: the exclusive end of a range whose last day is `day`. */
export const dayAfter = (start: Date) => new Date(start.getTime() + 24 * 60 * 60 * 1000);

export function readDeskQuery(
  params: URLSearchParams,
): { ok: true; query: DeskQuery; from: Date | null; until: Date | null } | { ok: false; message: string } {
  const status = params.get('status') ?? '';
  if (status !== '' && !isOrderStatus(status)) return { ok: false, message: DESK_QUERY_MESSAGES.status };
  const from = (params.get('from') ?? '').trim();
  const to = (params.get('to') ?? '').trim();
  const fromDate = from === '' ? null : dayStart(from);
  const toDate = to === '' ? null : dayStart(to);
  if ((from !== '' && !fromDate) || (to !== '' && !toDate))
    return { ok: false, message: DESK_QUERY_MESSAGES.date };
  if (fromDate && toDate && fromDate > toDate) return { ok: false, message: DESK_QUERY_MESSAGES.range };
  const q = (params.get('q') ?? '').trim();
  if (q.length > 100) return { ok: false, message: DESK_QUERY_MESSAGES.query };
  const page = /^\d{1,5}$/.test(params.get('page') ?? '') ? Math.max(1, Number(params.get('page'))) : 1;
  return {
    ok: true,
    query: { status: status === '' ? null : (status as OrderStatus), from, to, q, page },
    from: fromDate,
    until: toDate ? dayAfter(toDate) : null,
  };
}

/** The list's URL for a query (and a page of it). */
export function deskQueryString(query: DeskQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.q) params.set('q', query.q);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
