import { Box, Button, Pagination, Skeleton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import SearchOff from '@mui/icons-material/SearchOff';
import { MARKETPLACE_FILTER_INSTITUTIONS } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useSecondPass } from '../../../components/second-pass.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMarketplaceInstitutionOffers } from '../api/list-marketplace-institution-offers.ts';
import { useMarketplaceInstitutions } from '../api/list-marketplace-institutions.ts';
import { useMarketplaceShowcase } from '../api/get-marketplace-showcase.ts';
import { useMarketplaceOffers } from '../api/list-marketplace-offers.ts';
import { ImpressionsSeenContext } from '../hooks/use-offer-impression.ts';
import { activeFilterCount, offerListParams, useOfferListParams } from '../hooks/use-offer-list-params.ts';
import { OfferCard } from './offer-card.tsx';
import { OfferCardSkeleton } from './offer-card-skeleton.tsx';
import { MarketplaceOfferListToolbar } from './marketplace-offer-list-toolbar.tsx';
import { ShowcaseCarouselHeader } from './showcase-carousel-header.tsx';

const FILTERS_WIDTH = 280;
/** Cards in the list's first render: a row of the three-column grid. */
const FIRST_PASS_CARDS = 3;

// The filter panel (text fields, checkboxes, the drawer) is its own chunk, fetched alongside the first offers,
// so the page's first load stays inside its budget (scripts/check-budget.mjs).
const OfferFilters = lazy(() => import('./offer-filters.tsx').then((m) => ({ default: m.OfferFilters })));
const OfferFiltersDrawer = lazy(() => import('./offer-filters-drawer.tsx').then((m) => ({ default: m.OfferFiltersDrawer })));

function FiltersSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Skeleton variant="text" width="40%" sx={{ fontSize: '1.25rem' }} />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={i < 3 ? 40 : 120} />
      ))}
    </Stack>
  );
}

interface MarketplaceOfferListProps {
  /** Lists this institution's offers only (its Offers tab): no filter panel and no showcase (001 §2). */
  institutionId?: string;
}

/**
 * The marketplace's offers (001 §2): showcase carousel, filter panel (a side column from 900 px, a drawer below),
 * sort, page size, grid or list view and server pagination, all kept in the address. With `institutionId` it is an
 * institution's Offers tab, where the filters and the showcase stay hidden.
 */
export function MarketplaceOfferList({ institutionId }: MarketplaceOfferListProps) {
  const { tenantId } = useSession();
  const { isLoading: tenantLoading } = useTenant();
  const tenant = tenantId ?? '';
  const controls = useOfferListParams();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's chunk loads on the first 'Filters' click, not before.
  const [drawerWanted, setDrawerWanted] = useState(false);
  // One impression per offer for as long as this list stays on the page.
  const [seen] = useState(() => new Set<string>());
  // The cards below the first row of the widest grid render in the list's second pass: on a phone even the second
  // is below the fold as the page opens.
  const allCards = useSecondPass();

  const scoped = institutionId !== undefined;
  const params = offerListParams(controls);
  const all = useMarketplaceOffers(tenant, params, !scoped);
  const ofInstitution = useMarketplaceInstitutionOffers(tenant, institutionId ?? '', params, scoped);
  const offers = scoped ? ofInstitution : all;
  const institutions = useMarketplaceInstitutions(tenant, MARKETPLACE_FILTER_INSTITUTIONS, !scoped);
  // The showcase sits above the results: until it has loaded (or failed), the column below the title is held empty
  // and a screen tall, so painted results never move down when it arrives, nor does the footer (layout shift).
  const showcasePending = useMarketplaceShowcase(tenant, !scoped).isPending && !scoped && tenant !== '';

  const filterCount = activeFilterCount(controls.filters);
  const showFilters = !scoped;
  const total = offers.data?.meta.total;
  const pageCount = total === undefined ? 0 : Math.ceil(total / controls.limit);
  const list = controls.view === 'list';
  const gridColumns = list ? '1fr' : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' };

  let results;
  if (tenantId === null && !tenantLoading) {
    results = (
      <Typography sx={{ color: 'text.secondary', py: 8, textAlign: 'center' }}>The marketplace is not available on this site.</Typography>
    );
  } else if (offers.isPending) {
    results = (
      <Box
        role="progressbar"
        aria-label="Loading offers"
        aria-busy="true"
        sx={{ display: 'grid', gridTemplateColumns: gridColumns, gap: 2 }}
      >
        {Array.from({ length: Math.min(controls.limit, 6) }, (_, i) => (
          <OfferCardSkeleton key={i} view={controls.view} />
        ))}
      </Box>
    );
  } else if (offers.isError && !offers.data) {
    results = <ErrorBlock error={offers.error} onRetry={() => void offers.refetch()} />;
  } else if (!offers.data || offers.data.data.length === 0) {
    results = (
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
        <SearchOff sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h6" component="p">
          No offers found
        </Typography>
        {(filterCount > 0 || !scoped) && (
          <Button variant="outlined" onClick={controls.clearFilters}>
            Clear Filters
          </Button>
        )}
      </Stack>
    );
  } else {
    results = (
      <Box
        component="ul"
        aria-label="Offers"
        aria-busy={offers.isPlaceholderData}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: gridColumns,
          gap: 2,
          opacity: offers.isPlaceholderData ? 0.6 : 1,
        }}
      >
        {offers.data.data.slice(0, allCards ? undefined : FIRST_PASS_CARDS).map((offer) => (
          <Box component="li" key={offer._id} sx={{ minWidth: 0 }}>
            <OfferCard offer={offer} view={controls.view} />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <ImpressionsSeenContext.Provider value={seen}>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {showFilters && wide && (
          <Box
            component="aside"
            aria-label="Filters"
            sx={{
              width: FILTERS_WIDTH,
              flexShrink: 0,
              position: 'sticky',
              top: 80,
              maxHeight: 'calc(100dvh - 96px)',
              overflowY: 'auto',
              pr: 1,
            }}
          >
            <Suspense fallback={<FiltersSkeleton />}>
              <OfferFilters controls={controls} institutions={institutions.data?.data} />
            </Suspense>
          </Box>
        )}
        {showcasePending ? (
          <Box role="progressbar" aria-label="Loading offers" aria-busy="true" sx={{ flex: 1, minHeight: '100dvh' }} />
        ) : (
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            {!scoped && tenant !== '' && <ShowcaseCarouselHeader tenantId={tenant} />}
            <MarketplaceOfferListToolbar
              controls={controls}
              total={total}
              filterCount={filterCount}
              onOpenFilters={
                showFilters && !wide
                  ? () => {
                      setDrawerWanted(true);
                      setDrawerOpen(true);
                    }
                  : undefined
              }
            />
            {results}
            {pageCount > 1 && (
              <Pagination
                count={pageCount}
                page={Math.min(controls.page, pageCount)}
                onChange={(_, page) => {
                  controls.setPage(page);
                  window.scrollTo({ top: 0 });
                }}
                siblingCount={wide ? 1 : 0}
                color="primary"
                sx={{ alignSelf: 'center', py: 1 }}
              />
            )}
          </Stack>
        )}
      </Box>
      {showFilters && !wide && drawerWanted && (
        <Suspense fallback={null}>
          <OfferFiltersDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            total={total}
            controls={controls}
            institutions={institutions.data?.data}
          />
        </Suspense>
      )}
    </ImpressionsSeenContext.Provider>
  );
}
