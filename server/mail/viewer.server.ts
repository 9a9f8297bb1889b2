/**
 * Who may open the mail viewer (`/mail`): mailed links take over accounts (password reset), so only requests from
 * this machine itself, or carrying the operator token printed at start-up, see the outbox.
 */
import crypto from 'node:crypto';

export function mailViewerToken(key: string): string {
  return crypto.createHmac('sha256', key).update('mail-viewer').digest('base64url').slice(0, 32);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function mailViewerAllowed(input: {
  clientIp: string;
  token: string | null;
  /** config `keys.mailViewer`. */
  key: string;
}): boolean {
  if (LOOPBACK.test(input.clientIp)) return true;
  if (!input.token) return false;
  const expected = Buffer.from(mailViewerToken(input.key));
  const given = Buffer.from(input.token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
