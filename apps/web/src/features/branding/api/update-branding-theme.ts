import { tenantPublic, type BrandingTheme, type TenantPublic } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyTenantPublic } from './apply-tenant-public.ts';

export function updateBrandingTheme(tenantId: string, body: BrandingTheme): Promise<TenantPublic> {
  return api.put(`/tenant/${encodeURIComponent(tenantId)}/branding/theme`, body, tenantPublic);
}

export function useUpdateBrandingTheme(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandingTheme) => updateBrandingTheme(tenantId, body),
    onSuccess: (saved) => applyTenantPublic(queryClient, saved),
  });
}
