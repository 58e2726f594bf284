import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { ACCOUNT_SECURITY_TEXTS } from '@tessera/domain';

/**
 * Passkeys through @simplewebauthn/browser, loaded on first use: the sign-in page and the account page carry it only
 * once a person asks for a passkey. The options come from the server as JSON (the domain's WebauthnOptions, checked
 * there by @simplewebauthn/server) and go to the library as they are.
 */
const load = () => import('@simplewebauthn/browser');

/** Whether this browser can use a passkey at all (a browser without WebAuthn never offers it). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Shown when the browser or the authenticator gave no passkey (cancelled, timed out, none for this site). */
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Try again.';

/**
 * The browser's refusal (NotAllowedError when the person cancels or the time runs out, InvalidStateError for a
 * passkey already registered…) says nothing a person can act on: it becomes one plain sentence, the cause kept.
 */
async function asking<T>(text: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (cause) {
    throw new Error(text, { cause });
  }
}

/** Asks the authenticator to sign the server's challenge (sign-in's second step, step-up). */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  return asking(ACCOUNT_SECURITY_TEXTS.passkeyFailed, async () => {
    const { startAuthentication } = await load();
    return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  });
}

/** Asks the authenticator to make a new passkey for the server's options (enrolment). */
export async function passkeyRegistration(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  return asking(PASSKEY_NOT_ADDED, async () => {
    const { startRegistration } = await load();
    return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  });
}
