/**
 * The tracking call of SPEC §7: `POST /api/track/event {email or customerId, event, other data}`. Pure (zod only):
 * the route and the service parse with it. Every failure answers the one message of SPEC §8, word for word.
 */
import { z } from 'zod';
import { isStorable, MAX_DATABASE_ID } from '../forms/public';

export const MISSING_EVENT_DATA = 'Missing required event data';

/** The data stored with one event, as JSON, is bounded (the route also bounds the request body). */
export const MAX_EVENT_DATA_BYTES = 8 * 1024;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const eventName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const trackEventSchema = z
  .object({
    email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().email().max(254).optional()),
    customerId: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional(),
    ),
    event: eventName,
    data: z
      .record(z.unknown())
      .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= MAX_EVENT_DATA_BYTES),
  })
  .refine((input) => input.email !== undefined || input.customerId !== undefined);

export type TrackEvent = z.infer<typeof trackEventSchema>;

export type ParsedTrackEvent =
  { ok: true; value: TrackEvent } | { ok: false; error: typeof MISSING_EVENT_DATA };

/**
 * Reads the body's fields: `email`, `customerId` (also `customer_id`) and `event` are named; everything else is
 * the event's data (a `data` object is merged in, so both `{event, data: {...}}` and flat bodies work).
 */
export function parseTrackEvent(body: unknown): ParsedTrackEvent {
  // Issue 27 §4: a NUL or a lone surrogate anywhere in the body (an extra field included) never reaches `jsonb`.
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !isStorable(body))
    return { ok: false, error: MISSING_EVENT_DATA };
  const {
    email,
    customerId,
    customer_id: customerIdSnake,
    event,
    data,
    ...rest
  } = body as Record<string, unknown>;
  const nested = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
  const result = trackEventSchema.safeParse({
    email,
    customerId: customerId ?? customerIdSnake,
    event,
    data: { ...rest, ...nested },
  });
  return result.success ? { ok: true, value: result.data } : { ok: false, error: MISSING_EVENT_DATA };
}
