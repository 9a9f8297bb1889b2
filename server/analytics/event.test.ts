import { describe, expect, it } from 'vitest';
import { MAX_EVENT_DATA_BYTES, MISSING_EVENT_DATA, parseTrackEvent } from './event';

describe('parseTrackEvent (SPEC §7 and §8)', () => {
  const accepted: [string, unknown, object][] = [
    [
      'email and event, other fields become data',
      { email: ' Shopper@Example.com ', event: 'view_item_list', item_list_name: 'Mens' },
      {
        email: 'shopper@example.com',
        customerId: undefined,
        event: 'view_item_list',
        data: { item_list_name: 'Mens' },
      },
    ],
    [
      'customerId and event',
      { customerId: 42, event: 'form_start' },
      { email: undefined, customerId: 42, event: 'form_start', data: {} },
    ],
    [
      'customer id as a form string, snake-cased',
      { customer_id: '7', event: 'form_error', form_id: 'signup' },
      { email: undefined, customerId: 7, event: 'form_error', data: { form_id: 'signup' } },
    ],
    [
      'a nested data object is merged with the flat fields',
      { customerId: 1, event: 'login', data: { user_type: 'Pro' }, channel: 'web' },
      { email: undefined, customerId: 1, event: 'login', data: { channel: 'web', user_type: 'Pro' } },
    ],
    [
      'a blank email beside a customer id counts as absent',
      { email: '  ', customerId: 3, event: 'x' },
      { email: undefined, customerId: 3, event: 'x', data: {} },
    ],
  ];
  it.each(accepted)('accepts %s', (_name, body, expected) => {
    expect(parseTrackEvent(body)).toEqual({ ok: true, value: expected });
  });

  const refused: [string, unknown][] = [
    ['no email and no customer id', { event: 'view_item_list' }],
    ['no event', { email: 'a@example.com' }],
    ['a blank event', { customerId: 1, event: '   ' }],
    ['an event name with spaces', { customerId: 1, event: 'view item list' }],
    ['an event name over 64 characters', { customerId: 1, event: 'e'.repeat(65) }],
    ['a malformed email and no customer id', { email: 'not-an-email', event: 'x' }],
    ['a customer id of 0', { customerId: 0, event: 'x' }],
    ['a customer id that is not a number', { customerId: 'abc', event: 'x' }],
    ['blank email and blank customer id', { email: '', customerId: '', event: 'x' }],
    ['data over the size bound', { customerId: 1, event: 'x', blob: 'a'.repeat(MAX_EVENT_DATA_BYTES) }],
    ['an array body', [{ customerId: 1, event: 'x' }]],
    ['null', null],
    ['a string', 'event'],
  ];
  it.each(refused)('refuses %s with the message of SPEC §8', (_name, body) => {
    expect(parseTrackEvent(body)).toEqual({ ok: false, error: MISSING_EVENT_DATA });
  });

  it('says it word for word', () => {
    expect(MISSING_EVENT_DATA).toBe('Missing required event data');
  });
});
