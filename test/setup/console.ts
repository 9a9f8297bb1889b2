/* eslint-disable no-console -- this module is the one place that wraps console.error */
import { format } from 'node:util';
import { afterAll, beforeEach } from 'vitest';

/**
 * `console.error` fails the test during which it was called (React's warnings, Remix's default error boundary,
 * unexpected library errors). Calls made outside a test (a `beforeAll`/`afterAll` hook, at import) fail the next
 * test or the file. A test that expects an error message silences it explicitly with
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`, which bypasses this recorder until restored.
 */
const recorded: string[] = [];
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  recorded.push(format(...args));
  original(...args);
};

function failIfRecorded(where: string): void {
  if (recorded.length === 0) return;
  const messages = recorded.splice(0).map((message) => `  - ${message.split('\n').join('\n    ')}`);
  throw new Error(`console.error was called ${where}:\n${messages.join('\n')}`);
}

beforeEach(({ onTestFinished }) => {
  failIfRecorded('before this test (in a beforeAll hook or at import)');
  // Runs after every afterEach hook, even one that failed, so a call is never blamed on the next test.
  onTestFinished(() => failIfRecorded('during this test'));
});
afterAll(() => failIfRecorded('after the last test of this file (in an afterAll hook)'));
