import { builtinCardToken, type BuiltinCardInput } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * POST payments/builtin/tokens: the built-in provider's vault turns the card into a token. The only call that ever
 * carries a card number; deliberately no mutation hook, so the card never sits in a mutation's state or cache.
 */
export function createBuiltinCardToken(card: BuiltinCardInput) {
  return api.post('/payments/builtin/tokens', card, builtinCardToken);
}
