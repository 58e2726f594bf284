import { decodeTokenPayload, tokenState, type TokenState } from '@tessera/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type TokenMessages = Record<Exclude<TokenState, 'valid'>, string>;

/**
 * The `token` query parameter of the invite and reset links (§5): its state, its message when
 * unusable, and its payload for prefilling. A token of the wrong shape counts as invalid.
 */
export function useTokenParam<S extends z.ZodType>(schema: S, messages: TokenMessages) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return useMemo(() => {
    const parsed = schema.safeParse(token ? decodeTokenPayload(token) : null);
    let state = tokenState(token);
    if (state !== 'missing' && !parsed.success) state = 'invalid';
    const payload: z.output<S> | null = parsed.success ? parsed.data : null;
    return { token, state, payload, error: state === 'valid' ? null : messages[state] };
  }, [schema, token, messages]);
}
