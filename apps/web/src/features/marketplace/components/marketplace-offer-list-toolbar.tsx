import FilterList from '@mui/icons-material/FilterList';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { marketplaceOfferSort, type MarketplaceOfferSort } from '@tessera/domain';
import { OFFER_PAGE_SIZES, type OfferListControls, type OfferListView } from '../hooks/use-offer-list-params.ts';
import { MarketplaceOfferListSelect } from './marketplace-offer-list-select.tsx';

const SORT_LABELS: Record<MarketplaceOfferSort, string> = {
  newest: 'Newest',
  name: 'Name',
  targetIrr: 'Target IRR',
  minimumInvestment: 'Min. Investment',
  openDate: 'Open date',
};
const SORT_OPTIONS = marketplaceOfferSort.options.map((value) => ({ value, label: SORT_LABELS[value] }));
const SIZE_OPTIONS = OFFER_PAGE_SIZES.map((value) => ({ value, label: String(value) }));
const VIEWS: { view: OfferListView; label: string; icon: React.ReactNode }[] = [
  { view: 'grid', label: 'Grid view', icon: <GridView fontSize="small" /> },
  { view: 'list', label: 'List view', icon: <ViewList fontSize="small" /> },
];

/** Above the results: 'Filters' (phones), the count, sort, page size and the grid or list view. */
export function MarketplaceOfferListToolbar({
  controls,
  total,
  filterCount,
  onOpenFilters,
}: {
  controls: OfferListControls;
  total: number | undefined;
  filterCount: number;
  /** Set when the filters sit in a drawer (narrow screens). */
  onOpenFilters?: () => void;
}) {
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {onOpenFilters && (
        <Button variant="outlined" startIcon={<FilterList />} onClick={onOpenFilters} aria-haspopup="dialog">
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </Button>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 72 }} role="status">
        {total === undefined ? '' : `${total} ${total === 1 ? 'offer' : 'offers'}`}
      </Typography>
      <MarketplaceOfferListSelect label="Sort by" value={controls.sort} options={SORT_OPTIONS} onChange={controls.setSort} />
      <MarketplaceOfferListSelect label="Per page" value={controls.limit} options={SIZE_OPTIONS} onChange={controls.setLimit} />
      {/* Titles rather than Tooltips: the tooltip's popper would weigh more than the whole toolbar on first load. */}
      <Stack direction="row" role="group" aria-label="Layout">
        {VIEWS.map(({ view, label, icon }) => (
          <IconButton
            key={view}
            title={label}
            aria-label={label}
            aria-pressed={controls.view === view}
            onClick={() => controls.setView(view)}
            color={controls.view === view ? 'primary' : 'default'}
            size="small"
          >
            {icon}
          </IconButton>
        ))}
      </Stack>
    </Stack>
  );
}
