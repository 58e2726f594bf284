import { identityInquiry, identityPaths, type IdentityDocumentSide } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityInquiryQueryOptions } from './get-identity-inquiry.ts';

export function uploadIdentityDocument(userId: string, inquiryId: string, side: IdentityDocumentSide, file: File) {
  const form = new FormData();
  form.append('inquiryId', inquiryId);
  form.append('side', side);
  form.append('file', file);
  return api.upload(identityPaths.documents(userId), form, identityInquiry, 'PUT');
}

export function useUploadIdentityDocument(userId: string, inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, file }: { side: IdentityDocumentSide; file: File }) => uploadIdentityDocument(userId, inquiryId, side, file),
    onSuccess: (inquiry) => queryClient.setQueryData(identityInquiryQueryOptions(userId, inquiryId).queryKey, inquiry),
  });
}
