import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { shouldSuggest } from '@tessera/domain';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { GRID_DEFAULT_PAGINATION, GRID_DEFAULT_SORT } from '../components/grid-defaults.ts';
import { useDebouncedValue } from '../components/use-debounced-value.ts';

/** A query string from the set values of a list query (in @tessera/domain: the marketplace's API paths use it too). */
export { toSearch } from '@tessera/domain';

/** Whether `v` (an address parameter or a grid field) is one of an enumeration's values. */
export const isOneOf = <T extends string>(values: readonly T[], v: string | null | undefined): v is T =>
  v != null && (values as readonly string[]).includes(v);

export interface ListParamsOptions<S extends string> {
  /** The fields the server sorts by; without them the grid is not sorted through the list. */
  sorts?: readonly S[];
  /** Search and filters in the address (the default: a filtered list can be shared and survives reloads) or only in the page. */
  inAddress?: boolean;
  /** 'suggest' (the default) sends the search once more than 2 characters are typed (000 §5); 'typed' sends any. */
  searchFrom?: 'suggest' | 'typed';
  /** Whether a new sort returns the list to its first page (the default). */
  sortResetsPage?: boolean;
}

/** What the list scaffold (components/list-page.tsx) reads and sets. */
export interface ListControls {
  /** The text in the search box, as typed. */
  searchText: string;
  /** Puts text in the search box and the address (trimmed), back on the first page. */
  setSearchText: (text: string) => void;
  /** A filter's value when it is one of `values`. */
  filter: <T extends string>(key: string, values: readonly T[]) => T | undefined;
  /** Sets (or with '' clears) a filter, back on the first page. */
  setFilter: (key: string, value: string) => void;
  /** The server-paged grid's search, paging and sorting props. */
  grid: {
    searchQuery: string;
    paginationModel: GridPaginationModel;
    onPaginationModelChange: (model: GridPaginationModel) => void;
    sortModel?: GridSortModel;
    onSortModelChange?: (model: GridSortModel) => void;
  };
}

/** The page, sort and search part of a list request, in the order the query string has always had. */
export type ListQuery<S extends string> = { page: number; limit: number; search?: string } & ([S] extends [never]
  ? unknown
  : { sort: S; direction: 'asc' | 'desc' });

export interface ListParams<S extends string> extends ListControls {
  /** The address (or the page's own) parameters. */
  params: URLSearchParams;
  /** Sets (or with '' clears) a parameter and stays on the page, as the ?modal= of a create dialog. */
  setParam: (key: string, value: string) => void;
  /** The search sent: trimmed, debounced and, by default, only past 2 characters; otherwise ''. */
  search: string;
  /** The grid's page (from 0) and page size, for a list that moves itself, e.g. off a page it emptied. */
  paging: GridPaginationModel;
  setPaging: Dispatch<SetStateAction<GridPaginationModel>>;
  query: ListQuery<S>;
}

/**
 * A server-paged list's state: search and filters in the address, paging and sort in the page (so a reload starts on
 * the first page, sorted by creation, newest first).
 */
export function useListParams<S extends string = never>({
  sorts,
  inAddress = true,
  searchFrom = 'suggest',
  sortResetsPage = true,
}: ListParamsOptions<S> = {}): ListParams<S> {
  const [address, setAddress] = useSearchParams();
  const [own, setOwn] = useState(() => new URLSearchParams());
  const params = inAddress ? address : own;
  const [searchText, setText] = useState(params.get('search') ?? '');
  const typed = useDebouncedValue(searchText.trim(), 300);
  const search = searchFrom === 'typed' || shouldSuggest(typed) ? typed : '';
  const [paging, setPaging] = useState<GridPaginationModel>(GRID_DEFAULT_PAGINATION);
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const firstPage = () => setPaging((p) => ({ ...p, page: 0 }));

  // React Router hands a functional update the params of the last render, so a second change made before the first
  // one renders (a filter picked while the search box's change is on its way) would drop the first. A change made
  // while the address still shows what the last one started from builds on that last one instead.
  const requested = useRef<{ from: string; next: URLSearchParams } | null>(null);
  const setParam = (key: string, value: string) => {
    const change = (prev: URLSearchParams) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    };
    if (!inAddress) return setOwn(change);
    const shown = address.toString();
    const next = change(requested.current?.from === shown ? requested.current.next : address);
    requested.current = { from: shown, next };
    setAddress(next, { replace: true });
  };
  const setFilter = (key: string, value: string) => {
    setParam(key, value);
    firstPage();
  };

  const item = sortModel[0];
  const sorted = sorts && {
    sort: item && isOneOf(sorts, item.field) ? item.field : 'createdAt',
    direction: item?.sort ?? 'desc',
  };
  return {
    params,
    setParam,
    setFilter,
    filter: (key, values) => {
      const value = params.get(key);
      return isOneOf(values, value) ? value : undefined;
    },
    searchText,
    setSearchText: (text) => {
      setText(text);
      setFilter('search', text.trim());
    },
    search,
    paging,
    setPaging,
    query: { page: paging.page + 1, limit: paging.pageSize, ...sorted, ...(search && { search }) } as ListQuery<S>,
    grid: {
      searchQuery: search,
      paginationModel: paging,
      onPaginationModelChange: setPaging,
      ...(sorts && {
        sortModel,
        onSortModelChange: (model: GridSortModel) => {
          setSortModel(model);
          if (sortResetsPage) firstPage();
        },
      }),
    },
  };
}
