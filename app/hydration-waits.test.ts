import { describe, expect, it } from 'vitest';
import { loadBeforeHydration, loadsBeforeHydration } from './hydration-waits';

describe('what hydration waits for', () => {
  it('starts each load at once and settles once every registered load has, failed ones included', async () => {
    const order: string[] = [];
    let finishForm: () => void = () => undefined;
    loadBeforeHydration(() => {
      order.push('form started');
      return new Promise<void>((resolve) => {
        finishForm = () => {
          order.push('form loaded');
          resolve();
        };
      });
    });
    loadBeforeHydration(() => {
      order.push('chart started');
      return Promise.reject(new Error('offline for a moment'));
    });
    expect(order).toEqual(['form started', 'chart started']);

    const waiting = loadsBeforeHydration().then(() => order.push('hydrate'));
    await Promise.resolve();
    expect(order).not.toContain('hydrate');
    finishForm();
    await waiting;
    expect(order).toEqual(['form started', 'chart started', 'form loaded', 'hydrate']);
  });
});
