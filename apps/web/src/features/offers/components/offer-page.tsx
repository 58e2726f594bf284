import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import RequestQuote from '@mui/icons-material/RequestQuote';
import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { Offer } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useOffer } from '../api/get-offer.ts';
import { useCanApproveOffers } from '../hooks/use-can-approve-offers.ts';
import { OfferLifecycleBar } from './offer-lifecycle-bar.tsx';

export interface OfferOutletContext {
  tenantId: string;
  offer: Offer;
}
export const useOfferContext = () => useOutletContext<OfferOutletContext>();

const TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'history', label: 'History' },
  { segment: 'financials', label: 'Financials' },
  { segment: 'media', label: 'Media' },
  { segment: 'documents', label: 'Documents' },
] as const;

/** The public offer page, opened in a new tab by 'Deal Room'. */
export const publicOfferPath = (slug: string) => `/marketplace/offers/${encodeURIComponent(slug)}`;

/** An offer's page (002 §2): header, lifecycle bar and the tabs Details, History, Financials, Media, Documents. */
export function OfferPage() {
  const { tenantOfferId = '' } = useParams();
  const { tenantId } = useTenant();
  const area = useRaiseArea();
  const canApprove = useCanApproveOffers();
  const { pathname } = useLocation();
  const { data, error, isPending, refetch } = useOffer(tenantId ?? '', tenantOfferId);
  const base = area.offerPath(tenantOfferId);
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = TABS.find((t) => t.segment === segment)?.segment ?? 'details';

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={area.offersPath} startIcon={<ArrowBack />}>
          All Offers
        </Button>
        {data && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {/* The subscriptions to this offer (issue #20): the institution's investments list, filtered to it. */}
            {area.area === 'institution' && (
              <Button
                variant="outlined"
                startIcon={<RequestQuote />}
                component={RouterLink}
                to={`/institution/investments?offer=${encodeURIComponent(data._id)}`}
              >
                Investments
              </Button>
            )}
            <Button variant="outlined" endIcon={<OpenInNew />} href={publicOfferPath(data.slug)} target="_blank" rel="noopener noreferrer">
              Deal Room
            </Button>
          </Stack>
        )}
      </Stack>
      {isPending || !tenantId ? (
        <SkeletonList rows={6} label="Loading offer" />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>{data.name}</title>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {data.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {data.institution.name}
              {data.descriptionShort ? ` \u00b7 ${data.descriptionShort}` : ''}
            </Typography>
          </Stack>
          <OfferLifecycleBar tenantId={tenantId} offer={data} canApprove={canApprove} />
          <Tabs
            value={current}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Offer sections"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((t) => (
              <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
            ))}
          </Tabs>
          <Outlet context={{ tenantId, offer: data } satisfies OfferOutletContext} />
        </>
      )}
    </Stack>
  );
}
