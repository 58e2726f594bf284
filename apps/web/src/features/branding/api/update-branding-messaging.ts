import { tenantPublic, type BrandingMessaging, type TenantPublic } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyTenantPublic } from './apply-tenant-public.ts';

export function updateBrandingMessaging(tenantId: string, body: BrandingMessaging): Promise<TenantPublic> {
  return api.put(`/tenant/${encodeURIComponent(tenantId)}/branding/messaging`, body, tenantPublic);
}

export function useUpdateBrandingMessaging(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandingMessaging) => updateBrandingMessaging(tenantId, body),
    onSuccess: (saved) => applyTenantPublic(queryClient, saved),
  });
}
