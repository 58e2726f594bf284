import { Box, Stack, Typography } from '@mui/material';
import type { TenantPublic } from '@tessera/domain';
import type { ReactNode } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenantPublic } from '../../../lib/tenant/get-tenant-public.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';

/** A branding page of the tenant admin area: its heading, then the editor of the loaded tenant. */
export function BrandingPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: (tenant: TenantPublic) => ReactNode;
}) {
  const { tenantSlug, tenantId, name } = useTenant();
  const query = useTenantPublic(tenantSlug ?? tenantId);
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, px: { xs: 2, sm: 3 }, maxWidth: 1200 }}>
      <title>{`${title} · Branding · ${name}`}</title>
      <Stack spacing={0.5} sx={{ mb: 3 }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {subtitle}
        </Typography>
      </Stack>
      {query.isPending ? (
        <SkeletonList rows={6} label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError || !query.data ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Box>
  );
}
