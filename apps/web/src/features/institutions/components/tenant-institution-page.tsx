import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button, Stack, Typography } from '@mui/material';
import { institutionDisplayName } from '@tessera/domain';
import { Link as RouterLink, Outlet, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useInstitutionInView } from '../hooks/use-institution-in-view.ts';
import { InstitutionLogo } from './institution-logo.tsx';
import { InstitutionTabs } from './institution-tabs.tsx';

const TABS = [
  { segment: 'dashboard', label: 'Dashboard' },
  { segment: 'details', label: 'Details' },
  { segment: 'contact', label: 'Contact' },
  { segment: 'offers', label: 'Offers' },
  { segment: 'team', label: 'Team' },
  { segment: 'media', label: 'Media' },
  { segment: 'api', label: 'API' },
  { segment: 'history', label: 'History' },
  { segment: 'billing', label: 'Billing' },
] as const;

/** /tenant/marketplace/institutions/:tenantInstitutionId: the header and the tabs of one institution, for the tenant's owners. */
export function TenantInstitutionPage() {
  const { tenantInstitutionId = '' } = useParams();
  const { query } = useInstitutionInView();
  const { data, error, refetch } = query;
  const base = `/tenant/marketplace/institutions/${tenantInstitutionId}`;

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/tenant/marketplace/institutions" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        All Institutions
      </Button>
      {error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <SkeletonList rows={6} label="Loading institution" />
      ) : (
        <>
          <title>{institutionDisplayName(data)}</title>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <InstitutionLogo institution={data} size={56} />
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                {institutionDisplayName(data)}
              </Typography>
              {data.descriptionShort && (
                <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                  {data.descriptionShort}
                </Typography>
              )}
            </Stack>
          </Stack>
          <InstitutionTabs base={base} tabs={TABS} label="Institution sections" />
          <Outlet />
        </>
      )}
    </Stack>
  );
}
