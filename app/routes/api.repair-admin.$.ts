/**
 * SPEC §7 "Repair admin service" under `/api/repair-admin/<call>` (server/repairs/api.server.ts): the caller is the
 * customer of the `Authorization: Bearer` token, or without that header the signed-in viewer; a 401 also signs the
 * browser out.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { serveRepairApi } from '../../server/repairs/index.server';

const answer = ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
  serveRepairApi(request, params['*'] ?? '', context);

export const loader = (args: LoaderFunctionArgs) => answer(args);
export const action = (args: ActionFunctionArgs) => answer(args);
