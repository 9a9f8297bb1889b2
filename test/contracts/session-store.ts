/**
 * The contract every `SessionStore` adapter passes (decision 074): call `sessionStoreContract` in a describe block
 * with a factory that makes a fresh store over a clock the contract moves.
 */
import { expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { isLive, type SessionStore } from '../../server/identity/session-store';

const HOUR = 60 * 60_000;

export function sessionStoreContract(
  make: (clock: ReturnType<typeof fixedClock>) => SessionStore | Promise<SessionStore>,
) {
  const setup = async () => {
    const clock = fixedClock(new Date('2026-11-28T12:00:00Z'));
    return { clock, store: await make(clock) };
  };

  it('creates a session with a new id each time, found by that id, live until it expires', async () => {
    const { clock, store } = await setup();
    const a = await store.create({ customerId: 7001, ttlMs: HOUR });
    const b = await store.create({ customerId: 7001, ttlMs: HOUR });
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const found = await store.find(a.id);
    expect(found).toMatchObject({ id: a.id, customerId: 7001, endedAt: null });
    expect(found?.expiresAt.toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(isLive(found, clock.now())).toBe(true);
    clock.advance(HOUR);
    expect(isLive(await store.find(a.id), clock.now())).toBe(false);
    expect(await store.find('no-such-session-id-of-any-kind-at-all')).toBeNull();
  });

  it('touches a session: its last use moves, nothing else', async () => {
    const { clock, store } = await setup();
    const a = await store.create({ customerId: 7002, ttlMs: HOUR });
    clock.advance(90_000);
    await store.touch(a.id);
    const found = await store.find(a.id);
    expect(found?.lastSeenAt.toISOString()).toBe('2026-11-28T12:01:30.000Z');
    expect(found?.expiresAt.toISOString()).toBe('2026-11-28T13:00:00.000Z');
  });

  it('ends one session and leaves the customer’s others live', async () => {
    const { clock, store } = await setup();
    const a = await store.create({ customerId: 7003, ttlMs: HOUR });
    const b = await store.create({ customerId: 7003, ttlMs: HOUR });
    await store.end(a.id);
    await store.end(a.id);
    expect(isLive(await store.find(a.id), clock.now())).toBe(false);
    expect((await store.find(a.id))?.endedAt?.toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(isLive(await store.find(b.id), clock.now())).toBe(true);
    expect((await store.list(7003)).map((session) => session.id)).toEqual([b.id]);
  });

  it('ends all of a customer’s sessions and no one else’s; lists only live ones', async () => {
    const { clock, store } = await setup();
    const a = await store.create({ customerId: 7004, ttlMs: HOUR });
    clock.advance(1_000);
    const b = await store.create({ customerId: 7004, ttlMs: HOUR });
    const other = await store.create({ customerId: 7005, ttlMs: HOUR });
    expect((await store.list(7004)).map((session) => session.id)).toEqual([b.id, a.id]);
    expect(await store.endAll(7004)).toBe(2);
    expect(await store.endAll(7004)).toBe(0);
    expect(await store.list(7004)).toEqual([]);
    expect(isLive(await store.find(a.id), clock.now())).toBe(false);
    expect(isLive(await store.find(b.id), clock.now())).toBe(false);
    expect(isLive(await store.find(other.id), clock.now())).toBe(true);
  });

  it('ends every session of a customer but the one kept, and no one else’s', async () => {
    const { clock, store } = await setup();
    const kept = await store.create({ customerId: 7006, ttlMs: HOUR });
    const a = await store.create({ customerId: 7006, ttlMs: HOUR });
    const b = await store.create({ customerId: 7006, ttlMs: HOUR });
    const other = await store.create({ customerId: 7007, ttlMs: HOUR });
    expect(await store.endOthers(7006, kept.id)).toBe(2);
    expect(await store.endOthers(7006, kept.id)).toBe(0);
    expect((await store.list(7006)).map((session) => session.id)).toEqual([kept.id]);
    expect(isLive(await store.find(a.id), clock.now())).toBe(false);
    expect(isLive(await store.find(b.id), clock.now())).toBe(false);
    expect(isLive(await store.find(other.id), clock.now())).toBe(true);
  });

  it('keeps the device label and the provider session, found by that session', async () => {
    const { clock, store } = await setup();
    const a = await store.create({
      customerId: 7008,
      ttlMs: HOUR,
      device: 'Firefox on Windows',
      providerSid: 'sid-7008-a',
    });
    const plain = await store.create({ customerId: 7008, ttlMs: HOUR });
    expect(await store.find(a.id)).toMatchObject({ device: 'Firefox on Windows', providerSid: 'sid-7008-a' });
    expect(await store.find(plain.id)).toMatchObject({ device: null, providerSid: null });
    expect((await store.findByProviderSid('sid-7008-a'))?.id).toBe(a.id);
    expect(await store.findByProviderSid('sid-none')).toBeNull();
    await store.end(a.id);
    const ended = await store.findByProviderSid('sid-7008-a');
    expect(ended?.id).toBe(a.id);
    expect(isLive(ended, clock.now())).toBe(false);
  });
}
