/**
 * `/account/data`: the signed-in customer's copy of their data as a JSON file (issue 26 §4): profile, consents,
 * programs, addresses, orders and repairs (server/workflows/customer-data.server.ts). A GET that changes nothing;
 * never cached, never shared.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const document = await context.timing.measure('db', () => context.services.customerData.export(profile.id));
  if (!document) throw new Response('Not Found', { status: 404, headers: ACCOUNT_HEADERS });
  const day = document.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      ...ACCOUNT_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
