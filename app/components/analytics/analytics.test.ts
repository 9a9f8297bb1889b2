import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventLayer, type AnalyticsEvent, type AnalyticsIdentity } from './data-layer';
import { createFormStartTracker, formErrorEvent } from './form-tracking';
import { scheduleViewItemList, VIEW_ITEM_LIST_DELAY_MS, type Timers } from './view-item-list';

describe('createEventLayer: what leaves the browser', () => {
  const event: AnalyticsEvent = { event: 'view_item_list', ecommerce: { item_list_name: 'Mens' } };
  const cases: [string, string, AnalyticsIdentity | null, string | null][] = [
    ['no consent cookie, signed in', '', { customerId: 5 }, null],
    ['C0002 refused, signed in', 'consent=C0001:1,C0002:0', { email: 'a@example.com' }, null],
    ['C0002 given, anonymous', 'consent=C0001:1,C0002:1', null, null],
    ['C0002 given, empty identity', 'consent=C0001:1,C0002:1', {}, null],
    [
      'C0002 given, signed in',
      'cart=1; consent=C0001:1,C0002:1,C0003:0,C0004:0',
      { customerId: 5 },
      JSON.stringify({
        customerId: 5,
        event: 'view_item_list',
        data: { ecommerce: { item_list_name: 'Mens' } },
      }),
    ],
  ];
  it.each(cases)('%s', (_name, cookies, identity, expectedBody) => {
    const dataLayer: AnalyticsEvent[] = [];
    const send = vi.fn<(body: string) => void>();
    const layer = createEventLayer({
      dataLayer: () => dataLayer,
      cookies: () => cookies,
      identity: () => identity,
      send,
    });
    const result = layer.push(event);
    // The data-layer push is local and always happens.
    expect(dataLayer).toEqual([event]);
    expect(result.sent).toBe(expectedBody !== null);
    expect(send.mock.calls).toEqual(expectedBody === null ? [] : [[expectedBody]]);
  });

  it('reads the consent at each event, so a withdrawal stops sending at once', () => {
    let cookies = 'consent=C0002:1';
    const send = vi.fn<(body: string) => void>();
    const layer = createEventLayer({
      dataLayer: () => [],
      cookies: () => cookies,
      identity: () => ({ customerId: 1 }),
      send,
    });
    layer.push({ event: 'a' });
    cookies = 'consent=C0002:0';
    layer.push({ event: 'b' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('scheduleViewItemList', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const timers: Timers = {
    setTimeout: (handler, ms) => setTimeout(handler, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const items = [
    { item_id: 'A1', item_name: 'Jacket' },
    { item_id: 'B2', item_name: 'Pant', price: 12900 },
  ];

  const cases: [string, number | null][] = [
    ['Mens', VIEW_ITEM_LIST_DELAY_MS],
    ['Search Results', VIEW_ITEM_LIST_DELAY_MS],
    ['Search Recommendations', 0],
    ['Navigation', 0],
  ];
  it.each(cases)('"%s" reports after %s ms', (listName, delay) => {
    const push = vi.fn<(event: AnalyticsEvent) => void>();
    scheduleViewItemList(listName, items, push, timers);
    if (delay) {
      vi.advanceTimersByTime(delay - 1);
      expect(push).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
    }
    expect(push.mock.calls).toEqual([
      [
        {
          event: 'view_item_list',
          ecommerce: {
            item_list_name: listName,
            items: [
              { index: 0, item_id: 'A1', item_name: 'Jacket' },
              { index: 1, item_id: 'B2', item_name: 'Pant', price: 12900 },
            ],
          },
        },
      ],
    ]);
    vi.advanceTimersByTime(60_000);
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('waits 3 seconds', () => {
    expect(VIEW_ITEM_LIST_DELAY_MS).toBe(3000);
  });

  it('reports nothing when cancelled before the delay (the list was left)', () => {
    const push = vi.fn();
    const cancel = scheduleViewItemList('Mens', items, push, timers);
    vi.advanceTimersByTime(2999);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(push).not.toHaveBeenCalled();
  });

  it('reports nothing for an empty list', () => {
    const push = vi.fn();
    scheduleViewItemList('Navigation', [], push, timers);
    scheduleViewItemList('Mens', [], push, timers);
    vi.advanceTimersByTime(10_000);
    expect(push).not.toHaveBeenCalled();
  });
});

describe('form tracking', () => {
  it('reports form_start once per form, on its first input', () => {
    const push = vi.fn<(event: AnalyticsEvent) => void>();
    const tracker = createFormStartTracker(push);
    expect([
      tracker.input('signup'),
      tracker.input('signup'),
      tracker.input('newsletter'),
      tracker.input('signup'),
    ]).toEqual([true, false, true, false]);
    expect(push.mock.calls).toEqual([
      [{ event: 'form_start', form_id: 'signup' }],
      [{ event: 'form_start', form_id: 'newsletter' }],
    ]);
  });

  it.each([
    ['no errors', {}, null],
    ['only empty entries', { email: [], phone: undefined, name: null }, null],
    [
      'field messages, strings and lists',
      { email: ['Email Address Required'], phone: 'Phone Number Required', name: [] },
      {
        event: 'form_error',
        form_id: 'signup',
        errors: [
          { field: 'email', messages: ['Email Address Required'] },
          { field: 'phone', messages: ['Phone Number Required'] },
        ],
      },
    ],
  ])('form_error with %s', (_name, errors, expected) => {
    expect(formErrorEvent('signup', errors)).toEqual(expected);
  });
});
