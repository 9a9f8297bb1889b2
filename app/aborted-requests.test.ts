import { describe, expect, it, vi } from 'vitest';
import { isAbortError, quietAbortedRequests } from './aborted-requests';

function fakeConsole() {
  const error = vi.fn();
  const debug = vi.fn();
  return { target: { error, debug } as Pick<Console, 'error' | 'debug'>, error, debug };
}

describe('aborted requests in the browser console', () => {
  it('knows an abort by its name, whatever made it', () => {
    expect(isAbortError(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(
      isAbortError(Object.assign(new Error('BodyStreamBuffer was aborted'), { name: 'AbortError' })),
    ).toBe(true);
    expect(isAbortError(new DOMException('Timed out', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });

  it('sends an aborted request to debug, not to error', () => {
    const { target, error, debug } = fakeConsole();
    quietAbortedRequests(target);
    const abort = new DOMException('BodyStreamBuffer was aborted', 'AbortError');
    target.error(abort);
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith(expect.any(String), abort);
  });

  it('keeps every other report an error, with its arguments as given', () => {
    const { target, error, debug } = fakeConsole();
    quietAbortedRequests(target);
    const failure = new Error('Unable to decode turbo-stream response');
    const abort = new DOMException('aborted', 'AbortError');
    target.error(failure);
    target.error('Failed to fetch manifest patches', abort);
    target.error('AbortError');
    expect(error.mock.calls).toEqual([
      [failure],
      ['Failed to fetch manifest patches', abort],
      ['AbortError'],
    ]);
    expect(debug).not.toHaveBeenCalled();
  });

  it('can be removed', () => {
    const { target, error } = fakeConsole();
    const remove = quietAbortedRequests(target);
    remove();
    const abort = new DOMException('aborted', 'AbortError');
    target.error(abort);
    expect(error).toHaveBeenCalledWith(abort);
  });
});
