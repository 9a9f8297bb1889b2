/**
 * The client event layer. `pushEvent` appends the event to `window.dataLayer` (an in-memory array of this page:
 * nothing leaves the browser by that), and then POSTs it to /api/track/event only when both hold:
 * - the shopper gave consent group C0002 (performance) in the `consent` cookie, read at the moment of the event;
 * - an identity is known (`setAnalyticsIdentity`, called by the sign-in code): SPEC §7 requires an e-mail or a
 *   customer id, and anonymous shoppers' events are not sent under an invented id.
 * "Leaves the browser" means any network request carrying the event: no fetch, no beacon, no image ping happens
 * otherwise. No third-party tag script is loaded (the CSP would refuse it); one added later must read consent too.
 */
import { allowsPerformance } from '../consent/consent';

export type AnalyticsEvent = { event: string } & Record<string, unknown>;
export type AnalyticsIdentity = { email?: string; customerId?: number };

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export const TRACK_ENDPOINT = '/api/track/event';

export type EventLayerDeps = {
  dataLayer(): AnalyticsEvent[];
  /** The current `document.cookie`. */
  cookies(): string;
  identity(): AnalyticsIdentity | null;
  /** Sends one body to the endpoint; failures are swallowed (analytics never breaks a page). */
  send(body: string): void;
};

export type EventLayer = { push(event: AnalyticsEvent): { sent: boolean } };

export function createEventLayer(deps: EventLayerDeps): EventLayer {
  return {
    push(event) {
      deps.dataLayer().push(event);
      if (!allowsPerformance(deps.cookies())) return { sent: false };
      const identity = deps.identity();
      if (!identity || (identity.email === undefined && identity.customerId === undefined))
        return { sent: false };
      const { event: name, ...data } = event;
      deps.send(JSON.stringify({ ...identity, event: name, data }));
      return { sent: true };
    },
  };
}

let currentIdentity: AnalyticsIdentity | null = null;

/** Who the events are about: set on sign-in (e-mail and/or customer id), cleared with null on sign-out. */
export function setAnalyticsIdentity(identity: AnalyticsIdentity | null): void {
  currentIdentity = identity;
}

const browserLayer = createEventLayer({
  dataLayer: () => (window.dataLayer ??= []),
  cookies: () => document.cookie,
  identity: () => currentIdentity,
  send(body) {
    fetch(TRACK_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  },
});

/** Records one analytics event (see the module comment for when it is sent). A no-op during server rendering. */
export function pushEvent(event: AnalyticsEvent): { sent: boolean } {
  if (typeof window === 'undefined') return { sent: false };
  return browserLayer.push(event);
}
