import { tenantPublic, type BrandingImageType, type TenantPublic } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyTenantPublic } from './apply-tenant-public.ts';

export function uploadBrandingMedia(tenantId: string, type: BrandingImageType, file: File): Promise<TenantPublic> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  return api.upload(`/tenant/${encodeURIComponent(tenantId)}/branding/media`, form, tenantPublic, 'PUT');
}

export function useUploadBrandingMedia(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: BrandingImageType; file: File }) => uploadBrandingMedia(tenantId, type, file),
    onSuccess: (saved) => applyTenantPublic(queryClient, saved),
  });
}
