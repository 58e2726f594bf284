import { Container, Skeleton, Stack, Tab, Tabs } from '@mui/material';
import { MARKETPLACE_OFFER_TABS, marketplaceOfferPath, type MarketplaceOffer } from '@tessera/domain';
import { Link as RouterLink, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useAdvisorPageOffer } from '../../advisor/index.ts';
import { useMarketplaceOffer } from '../api/get-marketplace-offer.ts';
import { useRecordViewOnce } from '../hooks/use-marketplace-event.ts';
import { MarketplaceOfferHeader } from './marketplace-offer-header.tsx';
import { MarketplaceOfferHero } from './marketplace-offer-hero.tsx';

export interface MarketplaceOfferContext {
  tenantId: string;
  offer: MarketplaceOffer;
  /** The page's own address, to link between its tabs. */
  base: string;
}
export const useMarketplaceOfferContext = () => useOutletContext<MarketplaceOfferContext>();

function OfferPageSkeleton() {
  // A screen tall, so the footer stays below the fold until the offer arrives and pushes it down (layout shift).
  return (
    <Stack spacing={2} role="progressbar" aria-label="Loading offer" aria-busy="true" sx={{ minHeight: '100dvh' }}>
      <Skeleton variant="rounded" sx={{ height: { xs: 120, sm: 180, md: 240 } }} />
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: '60%' }} />
      <Skeleton variant="rounded" height={88} />
      <SkeletonList rows={4} label="Loading offer sections" />
    </Stack>
  );
}

/**
 * /marketplace/offers/:idOrSlug (001 §2): a listed offer for anyone, signed in or not. Header, hero metrics and the
 * tabs Home, About, Documents and Financials; one `offer-view` event per visit.
 */
export function MarketplaceOfferPage() {
  const { idOrSlug = '' } = useParams();
  const { tenantId } = useSession();
  const { pathname } = useLocation();
  const { data, error, isPending, refetch } = useMarketplaceOffer(tenantId ?? '', idOrSlug);
  useRecordViewOnce('offer-view', data?._id);
  // The AI advisor, opened here by its button or Cmd/Ctrl+K, is asked about this offer.
  useAdvisorPageOffer(data?._id);

  const base = marketplaceOfferPath(idOrSlug);
  // /marketplace/offers/{idOrSlug}/{tab}
  const segment = pathname.split('/').filter(Boolean)[3];
  const current = MARKETPLACE_OFFER_TABS.find((t) => t.segment === segment)?.segment ?? 'home';

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/404" replace />;

  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 0, sm: 3 }, px: { sm: 3 } }}>
      {isPending || !tenantId ? (
        <OfferPageSkeleton />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        // A screen tall too: the address first lands on the index route, which redirects to the Home tab, and the
        // footer would show under the tabs until the tab renders.
        <Stack spacing={3} sx={{ minWidth: 0, pb: 4, minHeight: '100dvh' }}>
          <title>{data.name}</title>
          <MarketplaceOfferHeader offer={data} aboutPath={`${base}/about`} onAbout={current === 'about'} />
          <Stack spacing={3} sx={{ px: { xs: 2, sm: 0 } }}>
            <MarketplaceOfferHero classes={data.classes} aboutPath={`${base}/about`} />
            <Tabs
              value={current}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label="Offer sections"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {MARKETPLACE_OFFER_TABS.map((t) => (
                <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
              ))}
            </Tabs>
            <Outlet context={{ tenantId, offer: data, base } satisfies MarketplaceOfferContext} />
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
