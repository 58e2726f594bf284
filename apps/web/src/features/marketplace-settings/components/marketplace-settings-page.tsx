import { Box, Stack, Typography } from '@mui/material';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMarketplaceSettings } from '../api/get-marketplace-settings.ts';
import { HandpickedDealsCard } from './handpicked-deals-card.tsx';

/** /tenant/marketplace/settings (002 §2): the tenant's marketplace settings, for its owners (the layout refuses others). */
export function MarketplaceSettingsPage() {
  const { tenantId, name } = useTenant();
  const settings = useMarketplaceSettings(tenantId ?? '');
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, px: { xs: 0, sm: 1 }, maxWidth: 900 }}>
      <title>{`Settings · Marketplace · ${name}`}</title>
      <Stack spacing={0.5} sx={{ mb: 3 }}>
        <Typography component="h1" variant="h5">
          Marketplace Settings
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          What visitors see first on your public marketplace.
        </Typography>
      </Stack>
      {settings.isPending ? (
        <SkeletonList rows={4} rowHeight={64} label="Loading marketplace settings" />
      ) : settings.isError ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <HandpickedDealsCard tenantId={tenantId ?? ''} settings={settings.data} />
      )}
    </Box>
  );
}
