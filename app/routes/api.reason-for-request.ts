/**
 * SPEC §7 "Orders and checkout": `GET /api/reason-for-request` answers `{ data: [{ id, code, name, covered }] }`,
 * the reason-for-request list (issue 13 §6) in the repair desk's order. A call of the repair service
 * (server/repairs/api.server.ts) that needs no sign-in, as the damage catalogue.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { serveRepairApi } from '../../server/repairs/index.server';

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  serveRepairApi(request, 'reason-for-request', context);
