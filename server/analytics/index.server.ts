/**
 * The analytics context: events of the storefront (view_item_list, form_start, form_error, …) stored in
 * `analytics_events`. Routes reach it through `context.services.analytics`; the client event layer is
 * app/components/analytics (docs/decisions/009-analytics-and-consent.md).
 */
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { analyticsEvents } from './schema';
import { parseTrackEvent, type ParsedTrackEvent, MISSING_EVENT_DATA } from './event';

export { MISSING_EVENT_DATA };
export type { TrackEvent } from './event';
export { forgetCustomerEvents } from './forget.server';

export type TrackResult = { ok: true; id: number } | Extract<ParsedTrackEvent, { ok: false }>;

export type AnalyticsService = {
  /** Validates (SPEC §7: email or customerId, plus event) and stores one event at the clock's time. */
  track(body: unknown): Promise<TrackResult>;
};

export function createAnalyticsService({ db, clock }: { db: Database; clock: Clock }): AnalyticsService {
  return {
    async track(body) {
      const parsed = parseTrackEvent(body);
      if (!parsed.ok) return parsed;
      const { email, customerId, event, data } = parsed.value;
      const [row] = await db
        .insert(analyticsEvents)
        .values({ email: email ?? null, customerId: customerId ?? null, event, data, createdAt: clock.now() })
        .returning({ id: analyticsEvents.id });
      if (!row) throw new Error('analytics insert returned no row');
      return { ok: true, id: row.id };
    },
  };
}
