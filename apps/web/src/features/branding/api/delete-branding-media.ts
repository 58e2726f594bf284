import type { BrandingImageType, TenantPublic } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tenantPublicQueryOptions } from '../../../lib/tenant/get-tenant-public.ts';

/** DELETE answers 204: the image of that type is gone. */
export function deleteBrandingMedia(tenantId: string, type: BrandingImageType): Promise<void> {
  return api.remove(`/tenant/${encodeURIComponent(tenantId)}/branding/media/${type}`);
}

export function useDeleteBrandingMedia(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: BrandingImageType) => deleteBrandingMedia(tenantId, type),
    // Every cached public view of the tenant (by slug and by id) drops the image at once, as applyTenantPublic does for a save.
    onSuccess: (_done, type) => {
      const prefix = tenantPublicQueryOptions('').queryKey.slice(0, 2);
      queryClient.setQueriesData<TenantPublic>({ queryKey: prefix }, (old) =>
        old && old._id === tenantId
          ? { ...old, branding: { ...old.branding, images: old.branding.images.filter((image) => image.type !== type) } }
          : old,
      );
    },
  });
}
