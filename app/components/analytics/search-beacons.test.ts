import { describe, expect, it, vi } from 'vitest';
import { BEACON_BATCH_MS, createBeaconQueue, MAX_BEACON_BATCH, type BeaconDeps } from './search-beacons';

const GIVEN = 'consent=C0001:1,C0002:1,C0003:0,C0004:0';
const REFUSED = 'consent=C0001:1,C0002:0,C0003:1,C0004:1';

function harness(cookies: string) {
  const state = { cookies, session: null as string | null, ids: 0 };
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const send = vi.fn<(body: string) => void>();
  const deps: BeaconDeps = {
    cookies: () => state.cookies,
    send,
    schedule(run, ms) {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    newId: () => `id${(state.ids += 1)}`,
    session: {
      get: () => state.session,
      set: (id) => {
        state.session = id;
      },
      clear: () => {
        state.session = null;
      },
    },
  };
  const fire = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
  };
  const bodies = () => send.mock.calls.map(([body]) => JSON.parse(body) as { events: unknown[] });
  return { queue: createBeaconQueue(deps), state, timers, send, fire, bodies };
}

describe('search beacons: what leaves the browser', () => {
  it('without the performance consent, keeps nothing, stores no session id and sends nothing', () => {
    const { queue, state, send, fire } = harness(REFUSED);
    state.session = 'left from an earlier consent';
    expect(queue.track({ kind: 'product-view', productIds: [3] })).toBe(false);
    expect(queue.track({ kind: 'click', block: 'b', productIds: [4] }, { now: true })).toBe(false);
    fire();
    queue.flush();
    expect(send).not.toHaveBeenCalled();
    expect(state.session).toBeNull();
  });

  it('with it, batches the events of a moment into one body after BEACON_BATCH_MS', () => {
    const { queue, timers, send, fire, bodies } = harness(GIVEN);
    queue.enterPage('a:3');
    queue.track({ kind: 'product-view', productIds: [3] });
    // The block's events of the same page view: the same page load.
    queue.enterPage('a:3');
    queue.track({ kind: 'render', block: 'you-may-also-like', productIds: [5, 6] });
    expect(send).not.toHaveBeenCalled();
    expect(timers.map((timer) => timer.ms)).toEqual([BEACON_BATCH_MS]);
    fire();
    expect(bodies()).toEqual([
      {
        events: [
          { kind: 'product-view', productIds: [3], sessionId: 'id3', pageLoadId: 'id2' },
          {
            kind: 'render',
            block: 'you-may-also-like',
            productIds: [5, 6],
            sessionId: 'id3',
            pageLoadId: 'id2',
          },
        ],
      },
    ]);
  });

  it('sends a click at once, with what waited before it, and keeps the session over page loads', () => {
    const { queue, send, bodies } = harness(GIVEN);
    queue.track({ kind: 'impression', block: 'b', productIds: [5] });
    queue.enterPage('b:6');
    queue.track({ kind: 'click', block: 'b', productIds: [5] }, { now: true });
    expect(send).toHaveBeenCalledTimes(1);
    const [impression, click] = bodies()[0]!.events as { sessionId: string; pageLoadId: string }[];
    expect(click!.sessionId).toBe(impression!.sessionId);
    expect(click!.pageLoadId).not.toBe(impression!.pageLoadId);
  });

  it('drops what waited when the consent is withdrawn before the batch goes', () => {
    const { queue, state, send, fire } = harness(GIVEN);
    queue.track({ kind: 'product-view', productIds: [3] });
    state.cookies = REFUSED;
    fire();
    expect(send).not.toHaveBeenCalled();
  });

  it(`never puts more than ${MAX_BEACON_BATCH} events in one body`, () => {
    const { queue, fire, bodies } = harness(GIVEN);
    for (let id = 1; id <= MAX_BEACON_BATCH + 3; id += 1)
      queue.track({ kind: 'impression', productIds: [id] });
    fire();
    expect(bodies().map((body) => body.events.length)).toEqual([MAX_BEACON_BATCH, 3]);
  });
});
