import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { TokenPayload } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const ALG = 'HS256';
const ISSUER = 'tessera';

/** 'session' the bearer token; 'refresh' the refresh token; 'reset'/'invite' e-mailed links; 'mfa' a sign-in waiting for its second factor. */
export type TokenAudience = 'session' | 'refresh' | 'reset' | 'invite' | 'mfa';

export type VerifyOutcome<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

/** Signs and verifies the session token and the e-mailed reset/invite tokens with one HMAC key. */
export class TokenService {
  private readonly key: Uint8Array;
  /** A key of its own for image addresses (derived from the secret), so no image signature can pass for a token. */
  private readonly imageKey: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.imageKey = createHmac('sha256', secret).update('tessera image url').digest();
  }

  /** The signature of a signed image address: HMAC-SHA256 over tenant, image and expiry (unix seconds), base64url. */
  imageSignature(tenantId: string, imageId: string, exp: number): string {
    return createHmac('sha256', this.imageKey).update(`${tenantId}.${imageId}.${exp}`).digest('base64url');
  }

  /** Whether `sig` signs this tenant's image until `exp`, and `exp` is still ahead of `now`; compared in constant time. */
  verifyImageSignature(tenantId: string, imageId: string, exp: number, sig: string, now: Date): boolean {
    if (exp * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.imageSignature(tenantId, imageId, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  get sessionTtlSeconds(): number {
    return this.ttlSeconds;
  }

  async signSession(payload: Omit<TokenPayload, 'iat' | 'exp'>, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience('session')
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * A refresh token: names the session and its generation (issue #21). Refreshing moves the session's generation
   * on; an older generation presented again is a replay and ends the session. It expires with the session.
   */
  async signRefresh(sid: string, generation: number, expiresAt: Date, now = new Date()): Promise<string> {
    return new SignJWT({ sid, gen: generation })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience('refresh')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async signPurpose(
    audience: 'reset' | 'invite' | 'mfa',
    claims: Record<string, unknown>,
    jti: string,
    ttlSeconds: number,
    now = new Date(),
  ) {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims, purpose: audience })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string, audience: TokenAudience, now = new Date()): Promise<VerifyOutcome<JWTPayload & Record<string, unknown>>> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience,
        currentDate: now,
      });
      return { ok: true, payload };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** The configured key, or one generated once and kept in the database so every node shares it. */
export async function resolveSecret(db: Db, name: 'jwt' | 'encryption', configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await db.insert(appSecrets).values({ key: name, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, name));
  if (!row) throw new Error(`the ${name} secret could not be stored`);
  return row.value;
}
