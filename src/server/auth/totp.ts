import * as OTPAuth from 'otpauth';
import { randomInt } from 'node:crypto';

/** RFC 6238: SHA-1, 6 digits, 30-second steps; one step either side allows for clock drift. */
const PERIOD = 30;
const WINDOW = 1;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label: string, issuer: string) {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totpFor(secretBase32, label, issuer).toString();
}

/**
 * The time step a code belongs to, or null when it is wrong. The caller refuses a step that
 * is not later than the last one accepted, so no code is ever used twice.
 */
export function matchTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** Ten recovery codes like `k3j9d-q8x2m`: 50 bits each, readable aloud, no look-alike characters. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
