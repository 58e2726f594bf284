import { Container, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { institutionTypeLabels, type MarketplaceInstitution } from '@tessera/domain';
import { Link as RouterLink, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMarketplaceInstitution } from '../api/get-marketplace-institution.ts';
import { useRecordViewOnce } from '../hooks/use-marketplace-event.ts';
import { Banner } from './banner.tsx';
import { InstitutionLogoAvatar, marketplaceInstitutionPath } from './institution-summary-card.tsx';

export interface MarketplaceInstitutionContext {
  tenantId: string;
  institution: MarketplaceInstitution;
}
export const useMarketplaceInstitutionContext = () => useOutletContext<MarketplaceInstitutionContext>();

const TABS = [
  { segment: 'about', label: 'About' },
  { segment: 'offers', label: 'Offers' },
  { segment: 'team', label: 'Team' },
] as const;

/** The name, or the id while an institution has none (001 §2). */
export const institutionTitle = (institution: Pick<MarketplaceInstitution, '_id' | 'name'>) => institution.name.trim() || institution._id;

function InstitutionPageSkeleton() {
  return (
    <Stack spacing={2} role="progressbar" aria-label="Loading institution" aria-busy="true">
      <Skeleton variant="rounded" sx={{ height: { xs: 120, sm: 180, md: 240 } }} />
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: '50%' }} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

/**
 * /marketplace/institutions/:idOrSlug (001 §2): header and the tabs About, Offers and Team, open to anyone.
 * One `institution-view` event per visit. Any load error leads to /404; an address by id (or an old slug) is rewritten to the current slug, keeping the tab.
 */
export function MarketplaceInstitutionPage() {
  const { idOrSlug = '' } = useParams();
  const { tenantId } = useSession();
  const { pathname, search, hash } = useLocation();
  const { data, isError, isPending } = useMarketplaceInstitution(tenantId ?? '', idOrSlug);
  // Recorded once the address is the slug's, so a visit by id does not count twice.
  useRecordViewOnce('institution-view', data && data.slug === idOrSlug ? data._id : undefined);

  // /marketplace/institutions/{idOrSlug}/{tab}
  const segment = pathname.split('/').filter(Boolean)[3];
  const current = TABS.find((t) => t.segment === segment)?.segment ?? 'about';

  if (isError) return <Navigate to="/404" replace />;
  if (data && data.slug && data.slug !== idOrSlug) {
    return <Navigate to={`${marketplaceInstitutionPath(data.slug)}/${segment ?? 'about'}${search}${hash}`} replace />;
  }
  const base = marketplaceInstitutionPath(idOrSlug);

  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 0, sm: 3 }, px: { sm: 3 } }}>
      {isPending || !tenantId || !data ? (
        <InstitutionPageSkeleton />
      ) : (
        <Stack spacing={3} sx={{ minWidth: 0, pb: 4 }}>
          <title>{institutionTitle(data)}</title>
          <Banner src={data.bannerUrl} />
          <Stack direction="row" spacing={2} sx={{ px: { xs: 2, sm: 0 }, alignItems: 'flex-start', minWidth: 0 }}>
            <Stack sx={{ flexShrink: 0 }}>
              <InstitutionLogoAvatar name={institutionTitle(data)} logoUrl={data.logoUrl} size={64} />
            </Stack>
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', typography: { xs: 'h5', sm: 'h4' } }}>
                {institutionTitle(data)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {institutionTypeLabels[data.type]}
              </Typography>
              {data.descriptionShort && <Typography variant="body2">{data.descriptionShort}</Typography>}
            </Stack>
          </Stack>
          <Stack spacing={3} sx={{ px: { xs: 2, sm: 0 } }}>
            <Tabs
              value={current}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label="Institution sections"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {TABS.map((t) => (
                <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
              ))}
            </Tabs>
            <Outlet context={{ tenantId, institution: data } satisfies MarketplaceInstitutionContext} />
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
