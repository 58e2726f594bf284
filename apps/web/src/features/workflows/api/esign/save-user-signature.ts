import { userSignatureInfo, type UserSignatureInfo } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { userSignatureInfoQueryOptions, userSignaturePath } from './user-signature-info.ts';

/** PUT user/{id}/signature (multipart `file`, a PNG of at most 1 MB): saves the drawn signature. */
export function saveUserSignature(userId: string, png: Blob): Promise<UserSignatureInfo> {
  const form = new FormData();
  form.append('file', png, 'signature.png');
  return api.upload(userSignaturePath(userId), form, userSignatureInfo, 'PUT');
}

export function useSaveUserSignature(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (png: Blob) => saveUserSignature(userId, png),
    onSuccess: (info) => queryClient.setQueryData(userSignatureInfoQueryOptions(userId).queryKey, info),
  });
}
