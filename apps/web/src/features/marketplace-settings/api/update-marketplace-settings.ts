import { marketplaceSettingsView, type MarketplaceSettings } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKey } from '../../marketplace/index.ts';
import { marketplaceSettingsPath, marketplaceSettingsQueryOptions } from './get-marketplace-settings.ts';

/** PUT the handpicked deals (owners only; the server checks). */
export function updateMarketplaceSettings(tenantId: string, body: MarketplaceSettings) {
  return api.put(marketplaceSettingsPath(tenantId), body, marketplaceSettingsView);
}

/** The answer replaces the cached settings, and the public showcase refetches. */
export function useUpdateMarketplaceSettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketplaceSettings) => updateMarketplaceSettings(tenantId, body),
    onSuccess: (view) => {
      queryClient.setQueryData(marketplaceSettingsQueryOptions(tenantId).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: [...marketplaceKey(tenantId), 'showcase'] });
    },
  });
}
