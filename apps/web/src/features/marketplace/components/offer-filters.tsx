import { Button, Divider, Stack, Typography } from '@mui/material';
import {
  listingStatusLabels,
  marketplaceStatusFilter,
  offerAssetClass,
  offerAssetClassLabels,
  offerType,
  offerTypeLabels,
  type MarketplaceInstitutionSummary,
} from '@tessera/domain';
import { activeFilterCount, type OfferListControls } from '../hooks/use-offer-list-params.ts';
import { OfferFiltersChecklist, type ChecklistOption } from './offer-filters-checklist.tsx';
import { OfferFiltersRange } from './offer-filters-range.tsx';

const TYPE_OPTIONS: ChecklistOption[] = offerType.options.map((value) => ({ value, label: offerTypeLabels[value] }));
const ASSET_CLASS_OPTIONS: ChecklistOption[] = offerAssetClass.options.map((value) => ({ value, label: offerAssetClassLabels[value] }));
const STATUS_OPTIONS: ChecklistOption[] = marketplaceStatusFilter.options.map((value) => ({ value, label: listingStatusLabels[value] }));

/** Institutions by number of offers, most first (001 §2), with their counts. */
function institutionOptions(institutions: MarketplaceInstitutionSummary[]): ChecklistOption[] {
  return [...institutions]
    .sort((a, b) => b.offersCount - a.offersCount || a.name.localeCompare(b.name))
    .map((i) => ({ value: i._id, label: i.name, count: i.offersCount }));
}

export interface OfferFiltersProps {
  controls: Pick<OfferListControls, 'filters' | 'setList' | 'setBound' | 'clearFilters'>;
  institutions?: MarketplaceInstitutionSummary[];
}

/**
 * The filter panel of the marketplace list (001 §2, §5): ranges for investment amount, IRR and equity multiple
 * (0 means no bound), and checkbox lists for type, asset class, status and institution. Every change goes to the
 * address, so a filtered list can be shared.
 */
export function OfferFilters({ controls, institutions }: OfferFiltersProps) {
  const { filters, setList, setBound, clearFilters } = controls;
  const active = activeFilterCount(filters);
  return (
    <Stack spacing={2.5} component="form" role="search" aria-label="Offer filters" onSubmit={(e) => e.preventDefault()}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          Filters
        </Typography>
        <Button size="small" onClick={clearFilters} disabled={active === 0}>
          Clear Filters
        </Button>
      </Stack>
      <OfferFiltersRange
        legend="Investment amount"
        unit="$"
        min={filters.investmentMin}
        max={filters.investmentMax}
        onMin={(v) => setBound('investmentMin', v)}
        onMax={(v) => setBound('investmentMax', v)}
      />
      <OfferFiltersRange
        legend="IRR"
        unit="%"
        min={filters.irrMin}
        max={filters.irrMax}
        onMin={(v) => setBound('irrMin', v)}
        onMax={(v) => setBound('irrMax', v)}
      />
      <OfferFiltersRange
        legend="Equity multiplier"
        unit="x"
        min={filters.equityMultipleMin}
        max={filters.equityMultipleMax}
        onMin={(v) => setBound('equityMultipleMin', v)}
        onMax={(v) => setBound('equityMultipleMax', v)}
      />
      <Divider />
      <OfferFiltersChecklist legend="Status" options={STATUS_OPTIONS} selected={filters.status} onChange={(v) => setList('status', v)} />
      <OfferFiltersChecklist legend="Offer type" options={TYPE_OPTIONS} selected={filters.type} onChange={(v) => setList('type', v)} />
      <OfferFiltersChecklist
        legend="Asset class"
        options={ASSET_CLASS_OPTIONS}
        selected={filters.assetClass}
        onChange={(v) => setList('assetClass', v)}
      />
      {institutions && institutions.length > 0 && (
        <OfferFiltersChecklist
          legend="Institution"
          options={institutionOptions(institutions)}
          selected={filters.institution}
          onChange={(v) => setList('institution', v)}
        />
      )}
    </Stack>
  );
}
