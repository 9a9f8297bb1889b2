/**
 * The order desk's CSV export (issue 25 §2, decision 093): the orders placed in a date range (`?from=&to=`, UTC days,
 * both required, at most 366 days), oldest first, as RFC 4180 CSV whose cells cannot run as spreadsheet formulas.
 * For staff with the order desk role.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { readDeskQuery } from '~/components/orders/desk-query';
import { requireStaff } from '~/components/repair/staff.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { csvDollars, EXPORT_MAX_ROWS, toCsv } from '../../server/checkout/index.server';
import { orderStatusWords } from '../../server/checkout/public';

const MAX_DAYS = 366;

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_PRIVATE },
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, 'orders');
  const read = readDeskQuery(new URL(request.url).searchParams);
  if (!read.ok) return refusal(400, read.message);
  if (!read.from || !read.until) return refusal(400, 'Choose the first and the last day of the export.');
  if (read.until.getTime() - read.from.getTime() > MAX_DAYS * 24 * 60 * 60 * 1000)
    return refusal(400, `Export at most ${MAX_DAYS} days at a time.`);
  const rows = await context.timing.measure('db', () =>
    context.services.orderDesk.exportRows(read.from!, read.until!),
  );
  context.logger.info('orders exported', { staffUserId: staff.id, rows: rows.length });
  const cut = rows.length > EXPORT_MAX_ROWS;
  const body = toCsv([
    [
      'order',
      'placed_at',
      'status',
      'customer',
      'email',
      'items',
      'subtotal',
      'discount',
      'shipping',
      'tax',
      'total',
      'refunded',
      'paid_at',
      'carrier',
      'tracking_number',
    ],
    ...rows
      .slice(0, EXPORT_MAX_ROWS)
      .map((row) => [
        row.id,
        row.createdAt,
        orderStatusWords(row.status, { isPromoOrder: row.isPromoOrder }),
        row.customerName,
        row.email,
        row.items,
        csvDollars(row.subtotalCents),
        csvDollars(row.discountCents),
        csvDollars(row.shippingCents),
        csvDollars(row.taxCents),
        csvDollars(row.totalCents),
        csvDollars(row.refundedCents),
        row.paidAt,
        row.carrier,
        row.trackingNumber,
      ]),
    ...(cut ? [[`Only the first ${EXPORT_MAX_ROWS} orders: export a shorter range for the rest.`]] : []),
  ]);
  const name = `orders-${read.query.from}-to-${read.query.to}.csv`;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': CACHE_PRIVATE,
      'X-Robots-Tag': 'noindex',
    },
  });
}
