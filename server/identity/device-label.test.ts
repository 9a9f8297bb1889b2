import { describe, expect, test } from 'vitest';
import { deviceLabel } from './device-label';

describe('deviceLabel (decision 086)', () => {
  test.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  test('no header, or one naming nothing, is no label', () => {
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel('x')).toBeNull();
  });

  test('never longer than 60 characters', () => {
    expect(
      (deviceLabel(`Mozilla/5.0 (Windows NT 10.0) ${'A'.repeat(5000)}`) ?? '').length,
    ).toBeLessThanOrEqual(60);
  });
});
