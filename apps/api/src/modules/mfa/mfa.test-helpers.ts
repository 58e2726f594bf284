import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `secret` at `at` (30 s steps; `steps` moves it by whole steps). */
export function totpCode(secret: string, at: Date, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() + steps * 30_000 });
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * A software authenticator: an ES256 key pair made with node:crypto, answering WebAuthn's create and get the way a
 * browser and a platform authenticator would (a 'none' attestation, user present and verified), so the API tests can
 * run the whole ceremony against @simplewebauthn/server without a browser.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(options) → PublicKeyCredential.toJSON(). */
  attest(options: { challenge: string; rp: { id?: string } }, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      u32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(options) → PublicKeyCredential.toJSON(); the signature counter moves on by one. */
  assert(options: { challenge: string; rpId?: string }, origin: string, counter = this.counter + 1) {
    this.counter = counter;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), u32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
