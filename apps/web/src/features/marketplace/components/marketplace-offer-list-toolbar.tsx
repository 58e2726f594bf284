import FilterList from '@mui/icons-material/FilterList';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import { Badge, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { marketplaceOfferSort, type MarketplaceOfferSort } from '@tessera/domain';
import { OFFER_PAGE_SIZES, type OfferListControls, type OfferPageSize } from '../hooks/use-offer-list-params.ts';

export const SORT_LABELS: Record<MarketplaceOfferSort, string> = {
  newest: 'Newest',
  name: 'Name',
  targetIrr: 'Target IRR',
  minimumInvestment: 'Min. Investment',
  openDate: 'Open date',
};

/** Above the results: the count, 'Filters' (phones), sort, page size and the grid or list view. */
export function MarketplaceOfferListToolbar({ controls, total, filterCount, onOpenFilters }: {
  controls: OfferListControls;
  total: number | undefined;
  filterCount: number;
  /** Set when the filters sit in a drawer (narrow screens). */
  onOpenFilters?: () => void;
}) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {onOpenFilters && (
        <Badge badgeContent={filterCount} color="primary">
          <Button variant="outlined" startIcon={<FilterList />} onClick={onOpenFilters}>
            Filters
          </Button>
        </Badge>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 96 }} aria-live="polite">
        {total === undefined ? '' : `${total} ${total === 1 ? 'offer' : 'offers'}`}
      </Typography>
      <TextField
        select
        size="small"
        label="Sort by"
        value={controls.sort}
        onChange={(e) => controls.setSort(e.target.value as MarketplaceOfferSort)}
        sx={{ minWidth: 150 }}
      >
        {marketplaceOfferSort.options.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Per page"
        value={controls.limit}
        onChange={(e) => controls.setLimit(Number(e.target.value) as OfferPageSize)}
        sx={{ minWidth: 88 }}
      >
        {OFFER_PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={controls.view}
        onChange={(_, view: 'grid' | 'list' | null) => view && controls.setView(view)}
        aria-label="Layout"
      >
        <ToggleButton value="grid" aria-label="Grid view">
          <GridView fontSize="small" />
        </ToggleButton>
        <ToggleButton value="list" aria-label="List view">
          <ViewList fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
