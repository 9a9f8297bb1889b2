/**
 * The repair service API (SPEC §7 "Repair admin service"), served under `/api/repair-admin/<call>`: the calls the
 * SPEC names, with their methods, JSON in and `{ data }` out, errors as `{ message }` with the SPEC §8 words.
 * The caller is the customer of the `Authorization: Bearer` token or, without that header, the viewer signed in by
 * the `customer_token` cookie (the same token); without either a call is a 401 that also signs the browser out (SPEC §4 "Any 401 from the repair service triggers sign-out").
 * The damage catalogue calls need no sign-in. Framework-free: a web `Request` in, a `Response` out.
 */
import type { RateLimiter } from '../rate-limit/index.server';
import { readFormBody } from '../forms/index.server';
import { CALLER_MESSAGES } from '../identity/index.server';
import { DAMAGE_ISSUES, locationsOf, specificIssuesOf } from './damage-catalogue';
import { photoTooLargeMessage, REPAIR_MESSAGES } from './messages';
import { MAX_PHOTO_BYTES } from './photos';
import { RepairError } from './errors';
import {
  addressInput,
  createRepairInput,
  customerInfoInput,
  damagesInput,
  idOr,
  productInput,
  questionsInput,
  repairIdOf,
  signedUploadFields,
  signUploadInput,
  uploadFilesInput,
} from './requests';
import type { RepairsService } from './service.server';

export type RepairApiContext = {
  repairs: RepairsService;
  rateLimiter: RateLimiter;
  /** The caller: the customer of the bearer token or, without an `Authorization` header, of the cookies; or null. */
  customerId: number | null;
  /** What a 401 says when there is no caller (default: SPEC §8 'customer_token cookie not found. …'). */
  unauthenticatedMessage?: string;
  /** Set-Cookie values that sign the browser out (sent with every 401). */
  signOutCookies(): string[];
};

const JSON_MAX_BYTES = 64 * 1024;
/** A multipart upload: one photo and its signed fields (the edge lets twice the photo limit through). */
const UPLOAD_MAX_BYTES = MAX_PHOTO_BYTES + 16 * 1024;

const WRITE_LIMIT = { limit: 300, windowMs: 10 * 60_000 };
const UPLOAD_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Call = {
  method: Method;
  /** The path after `/api/repair-admin/`, with `:id` for the id segment (which may be missing). */
  path: string;
  auth: boolean;
  run(input: { customerId: number; id: string | undefined; body: unknown; url: URL }): Promise<unknown>;
};

/**
 * The calls this API answers (method and path after `/api/repair-admin/`), for tests that must reach every one
 * (issue 27 §4's property test): read from the same table the handler dispatches on.
 */
export function repairApiCalls(): { method: Method; path: string }[] {
  return calls(undefined as unknown as RepairsService).map(({ method, path }) => ({ method, path }));
}

function calls(repairs: RepairsService): Call[] {
  const call = (method: Method, path: string, run: Call['run'], auth = true): Call => ({
    method,
    path,
    run,
    auth,
  });
  return [
    call('GET', 'getRepairList', ({ customerId, url }) =>
      repairs.list(customerId, { status: url.searchParams.get('status') }),
    ),
    call('GET', 'getQuestionsList', async () => repairs.questionsList()),
    call('GET', 'getRepairQuestions/:id', ({ customerId, id }) =>
      repairs.questions(customerId, repairIdOf(id)),
    ),
    call('GET', 'getRepair/:id', ({ customerId, id }) => repairs.get(customerId, repairIdOf(id))),
    call('GET', 'getrepair/basic-detail/:id', ({ customerId, id }) =>
      repairs.basicDetail(customerId, repairIdOf(id)),
    ),
    call('POST', 'createRepair', ({ customerId, body }) =>
      repairs.create(customerId, createRepairInput(body)),
    ),
    call('PUT', 'updateRepairProduct/:id', ({ customerId, id, body }) =>
      repairs.updateProduct(customerId, repairIdOf(id), productInput(body)),
    ),
    call('PUT', 'repair/customer-info/:id', ({ customerId, id, body }) =>
      repairs.updateCustomerInfo(customerId, repairIdOf(id), customerInfoInput(body)),
    ),
    call('PUT', 'repair/address-update-new/:id', ({ customerId, id, body }) =>
      repairs.updateAddress(customerId, repairIdOf(id), addressInput(body)),
    ),
    call('POST', 'signedUrl', async ({ customerId, body }) =>
      repairs.signUpload(customerId, signUploadInput(body)),
    ),
    call('PUT', 'uploadRepairFiles/:id', ({ customerId, id, body }) => {
      const input = uploadFilesInput(id, body);
      return repairs.uploadFiles(customerId, input.repairId, input.files);
    }),
    call('PUT', 'updateRepairQuestions/:id', ({ customerId, id, body }) => {
      const input = questionsInput(id, body);
      return repairs.updateQuestions(customerId, input.repairId, input.answers);
    }),
    call('PUT', 'submitRepair/:id', ({ customerId, id }) => repairs.submit(customerId, repairIdOf(id))),
    call('PUT', 'updateRepairDamages/:id', ({ customerId, id, body }) => {
      const repairId = repairIdOf(id);
      return repairs.updateDamages(customerId, repairId, damagesInput(body));
    }),
    call('GET', 'getRepairDamages/:id', ({ customerId, id }) => repairs.damages(customerId, repairIdOf(id))),
    call('DELETE', 'deletDamageDetails/:id', async ({ customerId, id }) => {
      await repairs.deleteDamage(customerId, idOr(id, REPAIR_MESSAGES.missingDamageId));
      return { deleted: true };
    }),
    call('DELETE', 'repairFile/:id', async ({ customerId, id }) => {
      await repairs.deleteFile(customerId, idOr(id, REPAIR_MESSAGES.missingFiles));
      return { deleted: true };
    }),
    // SPEC §7 "Orders and checkout": `GET /api/getcheckoutpaymenturl/{id}` (routed here by its own route).
    call('GET', 'getcheckoutpaymenturl/:id', ({ customerId, id }) =>
      repairs.checkoutPaymentUrl(customerId, repairIdOf(id)),
    ),
    // SPEC §7 "Orders and checkout": `GET /api/reason-for-request` (routed here by its own route), the reasons a
    // customer can give for a request; a reference list, answered without sign-in like the damage catalogue.
    call('GET', 'reason-for-request', () => repairs.reasons(), false),
    call('GET', 'damageWarrantyissue', async () => DAMAGE_ISSUES, false),
    call(
      'GET',
      'damageWarrantySpecificIssue/:id',
      async ({ id }) => specificIssuesOf(idOr(id, REPAIR_MESSAGES.unknownIssue)),
      false,
    ),
    call(
      'GET',
      'damageWarrantyLocation/:id',
      async ({ id }) => locationsOf(idOr(id, REPAIR_MESSAGES.unknownIssue)),
      false,
    ),
  ];
}

/** The call a path names, with its id segment ('' and a missing segment are both "no id"). */
function match(all: Call[], path: string): { matches: Call[]; id: string | undefined } {
  const clean = path.replace(/^\/+|\/+$/g, '');
  const found: Call[] = [];
  let id: string | undefined;
  for (const candidate of all) {
    if (candidate.path.endsWith('/:id')) {
      const base = candidate.path.slice(0, -'/:id'.length);
      if (clean === base) found.push(candidate);
      else if (clean.startsWith(`${base}/`) && !clean.slice(base.length + 1).includes('/')) {
        found.push(candidate);
        // The router has decoded the path once already: a `%` left in it is the id's own (refused as an id).
        id = clean.slice(base.length + 1) || undefined;
      }
    } else if (clean === candidate.path) found.push(candidate);
  }
  return { matches: found, id };
}

const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE },
  });
  for (const [name, value] of new Headers(headers)) response.headers.append(name, value);
  return response;
}

function errorResponse(error: RepairError, context: RepairApiContext, headers: HeadersInit = {}): Response {
  const body =
    Object.keys(error.fieldErrors).length > 0
      ? { message: error.message, errors: error.fieldErrors }
      : { message: error.message };
  const response = json(body, error.status, headers);
  if (error.status === 401)
    for (const cookie of context.signOutCookies()) response.headers.append('Set-Cookie', cookie);
  return response;
}

function unauthenticated(context: RepairApiContext): RepairError {
  return new RepairError(401, context.unauthenticatedMessage ?? CALLER_MESSAGES.missingToken);
}

/** Reads a JSON body (at most 64 KB); undefined when there is none or it is not JSON. */
async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get('Content-Type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json') return undefined;
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > JSON_MAX_BYTES) throw new RepairError(413, 'What you sent is too large for this call.');
  const text = await request.text();
  if (text.length > JSON_MAX_BYTES) throw new RepairError(413, 'What you sent is too large for this call.');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function limit(context: RepairApiContext, customerId: number, kind: 'write' | 'upload') {
  const hit = await context.rateLimiter.hit(
    `repair-api:${kind}:${customerId}`,
    kind === 'upload' ? UPLOAD_LIMIT : WRITE_LIMIT,
  );
  if (!hit.allowed) {
    const error = new RepairError(429, REPAIR_MESSAGES.rateLimited);
    return errorResponse(error, context, { 'Retry-After': String(hit.retryAfterSeconds) });
  }
  return null;
}

/** Answers one call of the repair service API; `path` is what follows `/api/repair-admin/`. */
export async function handleRepairApi(
  request: Request,
  path: string,
  context: RepairApiContext,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') {
    // A photo is answered as itself, not as JSON.
    const photo = await serveRepairPhoto(path, context);
    if (photo) return photo;
  }
  try {
    // The form upload to a signed URL (SPEC §7 `signedUrl`, then "a form upload of the file to the returned url").
    if (path.replace(/^\/+|\/+$/g, '') === 'upload') {
      if (method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST' });
      if (context.customerId === null) throw unauthenticated(context);
      const limited = await limit(context, context.customerId, 'upload');
      if (limited) return limited;
      const body = await readFormBody(request, { maxBytes: UPLOAD_MAX_BYTES });
      if (body.kind === 'too-large') throw new RepairError(413, photoTooLargeMessage(MAX_PHOTO_BYTES));
      if (body.kind !== 'ok') throw new RepairError(400, REPAIR_MESSAGES.missingUploadParams);
      const fields: Record<string, unknown> = {};
      let file: { name: string; bytes: Uint8Array } | null = null;
      for (const [name, value] of body.formData.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else if (name === 'file' && file === null)
          file = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
      }
      const stored = await context.repairs.receiveSignedUpload(
        context.customerId,
        signedUploadFields(fields),
        file,
      );
      return json({ data: stored }, 201);
    }

    const all = calls(context.repairs);
    const { matches, id } = match(all, path);
    if (matches.length === 0) throw new RepairError(404, REPAIR_MESSAGES.unknownCall);
    const chosen = matches.find((candidate) => candidate.method === method);
    if (!chosen) {
      const allow = [...new Set(matches.map((candidate) => candidate.method))].join(', ');
      return json({ message: 'Method not allowed.' }, 405, { Allow: allow });
    }

    if (chosen.auth && context.customerId === null) throw unauthenticated(context);
    const customerId = context.customerId ?? 0;
    if (method !== 'GET' && chosen.auth) {
      const limited = await limit(context, customerId, 'write');
      if (limited) return limited;
    }
    const body = method === 'POST' || method === 'PUT' ? await readJson(request) : undefined;
    const data = await chosen.run({ customerId, id, body, url: new URL(request.url) });
    return json({ data }, method === 'POST' && chosen.path === 'createRepair' ? 201 : 200);
  } catch (error) {
    if (error instanceof RepairError) return errorResponse(error, context);
    throw error;
  }
}

/** `GET /api/repair-admin/repairFile/{id}`: a photo of the customer's own repair, served as an image. */
export async function serveRepairPhoto(path: string, context: RepairApiContext): Promise<Response | null> {
  const matched = /^\/*repairFile\/([^/]*)\/*$/.exec(path);
  if (!matched) return null;
  try {
    if (context.customerId === null) throw unauthenticated(context);
    const photo = await context.repairs.photo(
      context.customerId,
      idOr(matched[1], REPAIR_MESSAGES.missingFiles),
    );
    return photoResponse(photo);
  } catch (error) {
    if (error instanceof RepairError) return errorResponse(error, context);
    throw error;
  }
}

/** An image answer that a browser will never run as a page. */
export function photoResponse(photo: { bytes: Uint8Array; contentType: string }): Response {
  return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      ...NO_STORE,
    },
  });
}
