/**
 * A coarse label of the browser behind a session, for the customer's session list (decision 086): the browser's
 * family and the operating system ("Firefox on Windows", "Safari on iOS"), never the version, the address or the
 * raw User-Agent, so the row says enough to recognise a device and nothing to fingerprint it. Parsed by `bowser`.
 */
import Bowser from 'bowser';

/** Longest User-Agent read; anything longer is cut before parsing. */
const MAX_USER_AGENT = 512;
/** Longest label kept. */
const MAX_LABEL = 60;

/** "Browser on OS", one of them alone, or null when the header names neither. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent.slice(0, MAX_USER_AGENT));
  const browser = parser.getBrowserName(false).trim();
  const os = parser.getOSName(false).trim();
  const label = browser && os ? `${browser} on ${os}` : browser || os;
  return label ? label.slice(0, MAX_LABEL) : null;
}
