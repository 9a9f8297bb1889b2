/**
 * SPEC §7 "Orders and checkout": `GET /api/getcheckoutpaymenturl/{id}` answers `{ data: { checkout_url } }`, where
 * the customer pays a repair's quote (the embedded checkout's repair payment path). A call of the repair service
 * (server/repairs/api.server.ts): the same caller (bearer token or cookies), messages and 401/404.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { serveRepairApi } from '../../server/repairs/index.server';

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  serveRepairApi(request, `getcheckoutpaymenturl/${encodeURIComponent(params.id ?? '')}`, context);
