import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { WebauthnCredentialRow } from '../../db/schema/index.ts';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the address the page was loaded from: its
 * host name is the RP ID and its origin the one the browser must report, both from the tenant's own address
 * (`request.linkOrigin`, which never follows a foreign Host header), so a passkey made on one tenant's address is
 * useless on another's.
 */
export interface RelyingParty {
  /** 'https://acme.example.com' (with its port, if any). */
  origin: string;
  /** 'acme.example.com'. */
  id: string;
  /** What the browser shows: the tenant's name. */
  name: string;
}

export function relyingPartyOf(origin: string, name: string): RelyingParty {
  return { origin, id: new URL(origin).hostname, name };
}

/** The shape @simplewebauthn/server checks in full; the route schema holds only its outline. */
type WebauthnJson = { id: string; rawId: string; type: 'public-key'; response: Record<string, unknown> };

const TIMEOUT_MS = 5 * 60 * 1000;

/** Options as JSON for the browser (`WebauthnOptions` in the domain), with the challenge the server keeps. */
export type OptionsJson = Record<string, unknown> & { challenge: string };
const transportsOf = (row: WebauthnCredentialRow) => row.transports as AuthenticatorTransportFuture[];

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; displayName: string },
  existing: WebauthnCredentialRow[],
): Promise<OptionsJson> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return { ...options };
}

export async function authenticationOptions(rp: RelyingParty, credentials: WebauthnCredentialRow[]): Promise<OptionsJson> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    userVerification: 'preferred',
  });
  return { ...options };
}

/** The challenge the browser signed (from clientDataJSON), to find the stored one by; null when it cannot be read. */
export function signedChallengeOf(response: WebauthnJson): string | null {
  const data = response.response.clientDataJSON;
  if (typeof data !== 'string') return null;
  try {
    return decodeClientDataJSON(data).challenge;
  } catch {
    return null;
  }
}

/** The new credential, or null when the attestation does not verify (any reason: the caller answers one text). */
export async function verifyRegistration(rp: RelyingParty, response: WebauthnJson, expectedChallenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/**
 * The signature counter the assertion carries, or null when it does not verify. A counter that did not move on from
 * the stored one is refused here already (a cloned authenticator); the caller stores it with a guarded update.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: WebauthnJson,
  expectedChallenge: string,
  credential: WebauthnCredentialRow,
): Promise<{ counter: number } | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: transportsOf(credential),
      },
      requireUserVerification: false,
    });
    return result.verified ? { counter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
