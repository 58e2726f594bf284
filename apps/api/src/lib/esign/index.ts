import { createExternalEsignProvider, type ExternalEsignConfig } from './external-provider.ts';
import type { ExternalEsignProvider } from './esign-provider.ts';

export type { ExternalEnvelope, ExternalEnvelopeRequest, ExternalEsignEvent, ExternalEsignProvider } from './esign-provider.ts';
export { webhookSignature, WEBHOOK_SIGNATURE_HEADERS, type ExternalEsignConfig } from './external-provider.ts';

export type EsignConfig = { provider: 'builtin' } | ({ provider: 'external' } & ExternalEsignConfig);

/** The provider the configuration picks: null for the built-in signer (the default), else the external adapter. */
export function createEsignProvider(config: EsignConfig): ExternalEsignProvider | null {
  return config.provider === 'external' ? createExternalEsignProvider(config) : null;
}
