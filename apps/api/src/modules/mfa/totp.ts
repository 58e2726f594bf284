import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The authenticator app's codes (RFC 6238) as every common app makes them: 6 digits, a 30-second step, HMAC-SHA-1.
 * A code is accepted one step either side of now (clocks drift), and the step it was accepted for is kept so that the
 * same code, or an older one, never works twice (mfa.repository `claimTotpStep`).
 */
const DIGITS = 6;
const PERIOD = 30;
const ALGORITHM = 'SHA1';
const WINDOW = 1;

/** A new random secret (160 bits from the platform's CSPRNG, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = 'Tessera'): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD });
}

/** The key URI apps scan (otpauth://totp/Issuer:label?secret=…&issuer=…) and its QR code as an SVG data URL. */
export async function totpEnrollmentOf(secret: string, issuer: string, label: string) {
  const otpauthUrl = totpOf(secret, issuer, label).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a code matches at `now` (within one step either side), or null when it matches none. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
