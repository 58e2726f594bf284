import {
  MARKETPLACE_FIRST_PAGE,
  MARKETPLACE_OFFER_PAGE_SIZES,
  marketplaceOfferSort,
  marketplaceStatusFilter,
  objectId,
  offerAssetClass,
  offerType,
  type MarketplaceOfferListParams,
  type MarketplaceOfferSort,
} from '@tessera/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** 12 or 24 cards a page (a multiple of 2, 3 and 4 columns). */
export const OFFER_PAGE_SIZES = MARKETPLACE_OFFER_PAGE_SIZES;
type OfferPageSize = (typeof OFFER_PAGE_SIZES)[number];
export type OfferListView = 'grid' | 'list';

/** The checkbox filters, named as the query of `marketplaceOfferListQuery`. */
const LIST_FILTERS = ['type', 'assetClass', 'status', 'institution'] as const;
type ListFilter = (typeof LIST_FILTERS)[number];
/** The range filters: 0 (or absent) means no bound (001 §5). */
const RANGE_FILTERS = ['investmentMin', 'investmentMax', 'irrMin', 'irrMax', 'equityMultipleMin', 'equityMultipleMax'] as const;
type RangeFilter = (typeof RANGE_FILTERS)[number];

interface OfferListFilters {
  type: string[];
  assetClass: string[];
  status: string[];
  institution: string[];
  investmentMin: number;
  investmentMax: number;
  irrMin: number;
  irrMax: number;
  equityMultipleMin: number;
  equityMultipleMax: number;
}

interface OfferListState {
  filters: OfferListFilters;
  page: number;
  limit: OfferPageSize;
  sort: MarketplaceOfferSort;
  view: OfferListView;
}

const LIST_ITEMS: Record<ListFilter, z.ZodType<string>> = {
  type: offerType,
  assetClass: offerAssetClass,
  status: marketplaceStatusFilter,
  institution: objectId,
};

function listOf(params: URLSearchParams, key: ListFilter): string[] {
  const values = (params.get(key) ?? '').split(',').map((v) => v.trim());
  // A hand-edited address with a value the server would refuse keeps the rest of the filter working.
  return [...new Set(values.filter((v) => LIST_ITEMS[key].safeParse(v).success))];
}

function boundOf(params: URLSearchParams, key: RangeFilter): number {
  const value = Number(params.get(key) ?? '');
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The list's state as the address holds it (shareable), with anything unreadable falling back to its default. */
export function readOfferListState(params: URLSearchParams): OfferListState {
  const filters = {} as OfferListFilters;
  for (const key of LIST_FILTERS) filters[key] = listOf(params, key);
  for (const key of RANGE_FILTERS) filters[key] = boundOf(params, key);
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sort = marketplaceOfferSort.safeParse(params.get('sort'));
  return {
    filters,
    // An address without them asks for the page the server answers in advance (MARKETPLACE_FIRST_PAGE).
    page: Number.isInteger(page) && page >= 1 ? page : MARKETPLACE_FIRST_PAGE.page,
    limit: OFFER_PAGE_SIZES.find((size) => size === limit) ?? MARKETPLACE_FIRST_PAGE.limit,
    sort: sort.success ? sort.data : MARKETPLACE_FIRST_PAGE.sort,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** How many filters narrow the list (for the 'Filters' button and whether 'Clear Filters' does anything). */
export function activeFilterCount(filters: OfferListFilters): number {
  return LIST_FILTERS.reduce((n, key) => n + filters[key].length, 0) + RANGE_FILTERS.filter((key) => filters[key] > 0).length;
}

/** The request of the list: lists comma-separated, as `marketplaceOfferListQuery` reads them. */
export function offerListParams({ filters, page, limit, sort }: OfferListState): MarketplaceOfferListParams {
  const params: MarketplaceOfferListParams = { page, limit, sort };
  for (const key of LIST_FILTERS) if (filters[key].length > 0) params[key] = filters[key].join(',');
  for (const key of RANGE_FILTERS) if (filters[key] > 0) params[key] = filters[key];
  return params;
}

const FILTER_KEYS: readonly string[] = [...LIST_FILTERS, ...RANGE_FILTERS];

/** The marketplace list's filters, sort, page and view, kept in the address; a change to what is listed goes back to page 1. */
export function useOfferListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readOfferListState(searchParams), [searchParams]);

  // React Router hands a functional update the params of the last render, so a second change made before the first
  // one renders (Enter in a bound field, then a click on a checkbox, on a busy phone) would drop the first. A change
  // made while the address still shows what the last one started from builds on that last one instead.
  const requested = useRef<{ from: string; next: URLSearchParams } | null>(null);

  const change = useCallback(
    (edit: (next: URLSearchParams) => void, resetPage: boolean) => {
      const shown = searchParams.toString();
      const pending = requested.current?.from === shown ? requested.current.next : null;
      const next = new URLSearchParams(pending ?? searchParams);
      edit(next);
      if (resetPage) next.delete('page');
      requested.current = { from: shown, next };
      setSearchParams(next, { replace: true });
    },
    [searchParams, setSearchParams],
  );

  const setList = useCallback(
    (key: ListFilter, values: string[]) => change((next) => (values.length > 0 ? next.set(key, values.join(',')) : next.delete(key)), true),
    [change],
  );
  const setBound = useCallback(
    (key: RangeFilter, value: number) =>
      change((next) => (Number.isFinite(value) && value > 0 ? next.set(key, String(value)) : next.delete(key)), true),
    [change],
  );
  const clearFilters = useCallback(() => change((next) => FILTER_KEYS.forEach((key) => next.delete(key)), true), [change]);
  const setSort = useCallback(
    (sort: MarketplaceOfferSort) => change((next) => (sort === 'newest' ? next.delete('sort') : next.set('sort', sort)), true),
    [change],
  );
  const setLimit = useCallback(
    (limit: OfferPageSize) =>
      change((next) => (limit === OFFER_PAGE_SIZES[0] ? next.delete('limit') : next.set('limit', String(limit))), true),
    [change],
  );
  const setView = useCallback(
    (view: OfferListView) => change((next) => (view === 'grid' ? next.delete('view') : next.set('view', view)), false),
    [change],
  );
  const setPage = useCallback(
    (page: number) => change((next) => (page <= 1 ? next.delete('page') : next.set('page', String(page))), false),
    [change],
  );

  return { ...state, setList, setBound, clearFilters, setSort, setLimit, setView, setPage };
}
export type OfferListControls = ReturnType<typeof useOfferListParams>;
