import { describe, expect, test } from 'vitest';
import { ServerTiming } from './timing';

describe('ServerTiming', () => {
  test('writes one metric per name, as name;dur=<ms with one decimal>, in the order first seen', () => {
    const timing = new ServerTiming();
    timing.add('db', 12.345);
    timing.add('render', 3);
    expect(timing.header({ total: 20.06 })).toBe('db;dur=12.3, render;dur=3.0, total;dur=20.1');
  });

  test('durations under one name add up', () => {
    const timing = new ServerTiming();
    timing.add('db', 1.25);
    timing.add('db', 2.5);
    expect(timing.header()).toBe('db;dur=3.8');
  });

  test('a description is quoted, with quotes and backslashes removed; names are made token-safe', () => {
    const timing = new ServerTiming();
    timing.add('db query', 1, 'products "mens" \\ page');
    expect(timing.header()).toBe('db_query;dur=1.0;desc="products mens  page"');
  });

  test('measure records the time of work that fails, and rethrows', async () => {
    const timing = new ServerTiming();
    await expect(
      timing.measure('db', () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(timing.header()).toMatch(/^db;dur=\d+\.\d$/);
  });

  test('measure returns the result of the work', async () => {
    const timing = new ServerTiming();
    await expect(timing.measure('db', async () => 42)).resolves.toBe(42);
  });

  test('no entries give an empty header', () => {
    expect(new ServerTiming().header()).toBe('');
  });
});
