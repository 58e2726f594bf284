import type { ExternalIdentityProvider } from './identity-provider.ts';

/** Persona's settings, from the environment (PERSONA_*). */
export interface PersonaConfig {
  apiKey: string;
  templateId: string;
  environmentId: string;
  webhookSecret: string;
  /** https://withpersona.com/api/v1 unless a test points it at a recorder. */
  apiUrl: string;
}

/** The Persona adapter (being written on branch h-idv-engine for #18). */
export function createPersonaProvider(_config: PersonaConfig): ExternalIdentityProvider {
  throw new Error('The Persona adapter is not merged yet');
}
