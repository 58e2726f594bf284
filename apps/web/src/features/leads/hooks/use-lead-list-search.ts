import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { leadListSearch, leadSort, shouldSuggest, type LeadListQuery, type LeadListSearch } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GRID_DEFAULT_SORT } from '../../../components/grid-defaults.ts';
import { isOneOf, type ListControls } from '../../../lib/list-params.ts';

/** What the address leaves out: the defaults of leadListSearch. */
const DEFAULTS = leadListSearch.parse({});
type Change = { [K in keyof LeadListSearch]?: LeadListSearch[K] | '' };
/** How long typing pauses before the search goes to the address (and so to the list). */
const SEARCH_DEBOUNCE_MS = 300;
/** Which keys are filters: changing one goes back to the first page. */
const FILTERS = ['role', 'status', 'email', 'firstname', 'lastname', 'search'] as const;

/** The address after `change`: defaults left out, and a filter change goes back to the first page. */
function changed(prev: URLSearchParams, change: Change): URLSearchParams {
  const next = new URLSearchParams(prev);
  const resetsPage = FILTERS.some((key) => key in change) && !('page' in change);
  for (const [key, value] of Object.entries({ ...change, ...(resetsPage && { page: '' }) })) {
    if (value === undefined || value === '' || value === DEFAULTS[key as keyof LeadListSearch]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export interface LeadListState extends ListControls {
  /** The page's state as the address says, defaults filled in. */
  state: LeadListSearch;
  /** The list request (institution added by the page). */
  query: Omit<LeadListQuery, 'institution'>;
  /** Changes the address: a new history entry, so back and forward walk through filters, pages and the dialog. */
  set: (change: Change, options?: { replace?: boolean }) => void;
  /** Sets the page and page size; a new size goes back to the first page. */
  setPaging: (model: GridPaginationModel, options?: { replace?: boolean }) => void;
  /** Whether a filter (or search) narrows the list. */
  filtered: boolean;
}

/**
 * The list request the address asks for (the institution added by the page), with the grid's sort: the page's
 * loader asks for the same list before the page renders (lead-list-page.tsx).
 */
export function leadListQuery(state: LeadListSearch, sortModel: GridSortModel = GRID_DEFAULT_SORT): LeadListState['query'] {
  const search = shouldSuggest(state.search ?? '') ? (state.search ?? '') : '';
  const item = sortModel[0];
  return {
    page: state.page,
    limit: state.limit,
    sort: item && isOneOf(leadSort.options, item.field) ? item.field : 'createdAt',
    direction: item?.sort ?? 'desc',
    ...(state.role && { role: state.role }),
    ...(state.status && { status: state.status }),
    ...(state.email && { email: state.email }),
    ...(state.firstname && { firstname: state.firstname }),
    ...(state.lastname && { lastname: state.lastname }),
    ...(search && { search }),
  };
}

/** The page's state as the address `params` say, defaults filled in. */
export const leadListState = (params: URLSearchParams): LeadListSearch => leadListSearch.parse(Object.fromEntries(params));

/**
 * The lead list's state (002 §2), all in the address through `leadListSearch`: role, status, email, firstname,
 * lastname, search, scale, page (from 1), limit and modal. A reload or a shared link opens the same view; back and
 * forward walk through it. The sort stays in the page (as every list's does). The search box writes the address once
 * typing pauses and the list sends it only past 2 characters (000 §5).
 */
export function useLeadListSearch(): LeadListState {
  const [params, setParams] = useSearchParams();
  const state = leadListState(params);
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);

  const set: LeadListState['set'] = (change, { replace = false } = {}) => setParams((prev) => changed(prev, change), { replace });

  // The box holds what is typed; the address gets it once typing settles. When the address changes otherwise (back,
  // forward, a link), the box shows the address's text.
  const urlSearch = state.search ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const [seen, setSeen] = useState({ url: urlSearch, written: urlSearch });
  if (seen.url !== urlSearch) {
    setSeen({ ...seen, url: urlSearch });
    if (urlSearch !== seen.written) setSearchText(urlSearch);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const typeSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      const typed = text.trim();
      setSeen((s) => ({ ...s, written: typed }));
      // The same search (a space added) stays on its page.
      setParams((prev) => ((prev.get('search') ?? '') === typed ? prev : changed(prev, { search: typed })), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  const query = leadListQuery(state, sortModel);
  const search = query.search ?? '';

  const setPaging = (model: GridPaginationModel, options?: { replace?: boolean }) =>
    set({ page: model.pageSize === state.limit ? model.page + 1 : 1, limit: model.pageSize }, options);

  return {
    state,
    setPaging,
    query,
    set,
    filtered: Boolean(state.role || state.status || state.email || state.firstname || state.lastname || search),
    searchText,
    setSearchText: typeSearch,
    filter: (key, values) => {
      const value = params.get(key);
      return isOneOf(values, value) ? value : undefined;
    },
    setFilter: (key, value) => set({ [key]: value } as Change),
    grid: {
      searchQuery: search,
      paginationModel: { page: state.page - 1, pageSize: state.limit },
      onPaginationModelChange: (model: GridPaginationModel) => setPaging(model),
      sortModel,
      onSortModelChange: (model: GridSortModel) => {
        setSortModel(model);
        set({ page: 1 });
      },
    },
  };
}
