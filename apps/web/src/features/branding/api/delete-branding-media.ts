import { tenantPublic, type BrandingImageType, type TenantPublic } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyTenantPublic } from './apply-tenant-public.ts';

export function deleteBrandingMedia(tenantId: string, type: BrandingImageType): Promise<TenantPublic> {
  return api.delete(`/tenant/${encodeURIComponent(tenantId)}/branding/media/${type}`, tenantPublic);
}

export function useDeleteBrandingMedia(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: BrandingImageType) => deleteBrandingMedia(tenantId, type),
    onSuccess: (saved) => applyTenantPublic(queryClient, saved),
  });
}
