import { Grid, Skeleton, Stack, Typography } from '@mui/material';
import {
  DEFAULT_DASHBOARD_PRESET,
  dashboardPresets,
  imageSrcSet,
  INSTITUTION_DASHBOARD_IMAGE_SIZES,
  institutionDashboardOffers,
  type DashboardPreset,
} from '@tessera/domain';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { institutionQueryOptions, useInstitution } from '../../raise/index.ts';
import { offersQueryOptions } from '../../offers/index.ts';
import { pageDataContext, preloadImage, preloadPageData } from '../../../lib/page-data.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { institutionDashboardQueryOptions, useInstitutionDashboard } from '../api/get-institution-dashboard.ts';
import { AnalyticsPanel } from '../../../components/analytics-panel.tsx';
import { InstitutionCard, InstitutionCardSkeleton, institutionLinks } from './institution-card.tsx';
import { LeadsCard } from './leads-card.tsx';
import { OfferCards } from './offer-cards.tsx';
import { PresetSelector } from '../../../components/preset-selector.tsx';

const periodLabel = (preset: DashboardPreset) => (preset === 'all-time' ? 'All time' : `Last ${dashboardPresets[preset].label}`);

/**
 * An institution's dashboard (002 §2): the preset selector, the institution card, its newest offers, leads
 * and offer analytics. The same component serves the institution area (the picked institution) and the
 * tenant's marketplace tab (the institution in the address).
 */
export function InstitutionDashboard() {
  const area = useRaiseArea();
  const { tenantId } = useTenant();
  const [preset, setPreset] = useState<DashboardPreset>(DEFAULT_DASHBOARD_PRESET);
  const id = area.institutionId ?? '';
  const institution = useInstitution(tenantId ?? '', area.institutionId);
  const dashboard = useInstitutionDashboard(tenantId ?? '', id, preset);
  const links = institutionLinks(area.area, id);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Typography component={area.area === 'institution' ? 'h1' : 'h2'} variant={area.area === 'institution' ? 'h4' : 'h5'}>
          Dashboard
        </Typography>
        <PresetSelector value={preset} onChange={setPreset} />
      </Stack>

      {institution.isPending ? (
        // The card's height where it lands (a one-line name): its links wrap, so a skeleton of the desktop's height moved
        // everything below it down by half a screen when the card came (CLS 0.08 on a phone).
        <InstitutionCardSkeleton />
      ) : institution.isError ? (
        <ErrorBlock error={institution.error} onRetry={() => void institution.refetch()} />
      ) : (
        <InstitutionCard institution={institution.data} area={area.area} />
      )}

      <OfferCards tenantId={tenantId ?? ''} institutionId={id} area={area} offersPath={links.offers} />

      {dashboard.isPending ? (
        <Grid container spacing={2} aria-label="Loading dashboard" role="status">
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, lg: i === 0 ? 5 : 7 }}>
              <Skeleton variant="rounded" height={320} />
            </Grid>
          ))}
        </Grid>
      ) : dashboard.isError ? (
        <ErrorBlock error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Grid container spacing={2} sx={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <LeadsCard
              leads={dashboard.data.dashboard.leads}
              scale={dashboardPresets[dashboard.data.preset].scale}
              periodLabel={periodLabel(dashboard.data.preset)}
              leadsPath={links.leads}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <AnalyticsPanel
              title="Offer analytics"
              analytics={dashboard.data.dashboard.analytics}
              metrics={['impressions', 'visitors', 'views', 'ctaClicks']}
              periodLabel={periodLabel(dashboard.data.preset)}
              emptyText="No offer page activity in this period yet"
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}

/**
 * The route's loader (lib/page-data.ts): the picked institution, its newest offers (and their images) and the default
 * preset's dashboard start loading as soon as the address is matched.
 */
export function institutionDashboardLoader(): Promise<null> {
  const context = pageDataContext();
  const tenantId = context?.tenantId;
  const id = context?.session.tenantMember?.preferences.institution;
  if (!tenantId || !id) return Promise.resolve(null);
  const offers = offersQueryOptions(tenantId, institutionDashboardOffers(id));
  return preloadPageData((client) => [
    client.prefetchQuery(institutionQueryOptions(tenantId, id)),
    // The offer cards' images, the page's largest paint on a phone, start with the list's answer.
    client.prefetchQuery(offers).then(() => {
      for (const offer of client.getQueryData(offers.queryKey)?.data ?? [])
        if (offer.heroImageUrl)
          preloadImage(offer.heroImageUrl, { srcSet: imageSrcSet(offer.heroImageUrl), sizes: INSTITUTION_DASHBOARD_IMAGE_SIZES });
    }),
    client.prefetchQuery(institutionDashboardQueryOptions(tenantId, id, DEFAULT_DASHBOARD_PRESET)),
  ]);
}

/** /institution/dashboard: the dashboard of the institution picked in Raise mode. */
export function InstitutionDashboardPage() {
  return (
    <>
      <title>Institution dashboard</title>
      <InstitutionDashboard />
    </>
  );
}
