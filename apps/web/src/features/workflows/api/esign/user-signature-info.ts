import { userSignatureInfo, type UserSignatureInfo } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const userSignaturePath = (userId: string) => `/user/${encodeURIComponent(userId)}/signature`;

/** GET user/{id}/signature/info: whether the person has a saved signature. */
export function getUserSignatureInfo(userId: string, signal?: AbortSignal): Promise<UserSignatureInfo> {
  return api.get(`${userSignaturePath(userId)}/info`, userSignatureInfo, signal);
}

export const userSignatureInfoQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['user', userId, 'signature', 'info'], queryFn: ({ signal }) => getUserSignatureInfo(userId, signal) });

export function useUserSignatureInfo(userId: string | null | undefined) {
  return useQuery({ ...userSignatureInfoQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
