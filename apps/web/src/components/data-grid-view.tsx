import { useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid as MuiDataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { GRID_DEFAULT_PAGINATION, GRID_DEFAULT_SORT } from './grid-defaults.ts';
import { type RowIdGetter, uniqueRows } from './grid-rows.ts';
import { formatCount } from '../lib/format-number.ts';

/** §9 grid constants. */
const GRID_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
const HIDDEN_FIELDS = ['_id', 'id', 'updatedAt'];
const HIDDEN_FIELDS_SMALL = [...HIDDEN_FIELDS, 'email', 'createdAt'];

const defaultRowId = (row: GridValidRowModel): string | number | null | undefined => {
  const id: unknown = row._id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

function hiddenColumns(small: boolean): GridColumnVisibilityModel {
  return Object.fromEntries((small ? HIDDEN_FIELDS_SMALL : HIDDEN_FIELDS).map((field) => [field, false]));
}

export interface DataGridProps<R extends GridValidRowModel> {
  rows: readonly R[] | undefined;
  columns: readonly GridColDef<R>[];
  /** Accessible name of the grid. */
  label?: string;
  /** Defaults to `row._id`. */
  getRowId?: RowIdGetter<R>;
  loading?: boolean;
  /** When set, the grid shows 'An error occured' instead of rows. */
  error?: unknown;
  /** The list's search text, for the 'No results for "…"' overlay. */
  searchQuery?: string;
  /** What an empty list says when nothing is searched or failed; 'No data' unless the screen has its own words. */
  emptyText?: string;
  onRowClick?: (row: R) => void;
  /** Setting rowCount switches paging and sorting to the server; pass the models and their handlers with it. */
  rowCount?: number;
  /**
   * The server stopped counting at rowCount (meta.totalCapped: a list past 10,000 rows): the grid shows "10,000+" and
   * pages on while pages come back full.
   */
  totalCapped?: boolean;
  paginationModel?: GridPaginationModel;
  onPaginationModelChange?: (model: GridPaginationModel) => void;
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
}

/** "1–20 of 10,000+" within a capped count, "of more than …" past it, the count itself once the last page showed it. */
function cappedRowsLabel(capped: number) {
  const n = formatCount;
  return ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${n(from)}–${n(to)} of ${count >= 0 ? n(count) : to < capped ? `${n(capped)}+` : `more than ${n(to)}`}`;
}

/** The list grid every screen uses, with the §9 defaults and the §8 overlays (loaded by data-grid.tsx). */
export function DataGridView<R extends GridValidRowModel>({
  rows,
  columns,
  label,
  getRowId = defaultRowId,
  loading = false,
  error,
  searchQuery,
  emptyText: noRowsText = 'No data',
  onRowClick,
  rowCount,
  totalCapped = false,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
}: DataGridProps<R>) {
  const small = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [visibility, setVisibility] = useState({ small, model: hiddenColumns(small) });
  if (visibility.small !== small) setVisibility({ small, model: { ...visibility.model, ...hiddenColumns(small) } });

  const kept = useMemo(() => {
    const { rows: unique, dropped } = uniqueRows(rows ?? [], getRowId);
    // Bad rows are a data bug worth seeing in the console, but must not break the list.
    if (dropped.length > 0) console.warn('DataGrid dropped rows with empty or duplicate ids', dropped);
    return unique;
  }, [rows, getRowId]);

  const hasError = error !== undefined && error !== null;
  const query = searchQuery?.trim();
  const emptyText = hasError ? 'An error occured' : query ? `No results for "${query}"` : noRowsText;
  const server = rowCount !== undefined;
  const capped = server && totalCapped ? rowCount : undefined;
  // Past a capped count the row count is unknown (-1) while pages come back full: there is a next one. A short page
  // is the last, and its rows end the count (an unknown count would send the grid back to its first page).
  const model = paginationModel ?? GRID_DEFAULT_PAGINATION;
  const cappedRowCount = capped === undefined ? undefined : kept.length >= model.pageSize ? -1 : model.page * model.pageSize + kept.length;
  const sortable = columns.some((column) => column.field === 'createdAt');

  return (
    <MuiDataGrid<R>
      aria-label={label}
      rows={hasError ? [] : kept}
      columns={columns}
      getRowId={(row) => getRowId(row) ?? ''}
      loading={loading}
      localeText={{
        noRowsLabel: emptyText,
        noResultsOverlayLabel: emptyText,
        ...(capped !== undefined && { paginationDisplayedRows: cappedRowsLabel(capped) }),
      }}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
      initialState={{
        pagination: { paginationModel: GRID_DEFAULT_PAGINATION },
        sorting: { sortModel: sortable ? GRID_DEFAULT_SORT : [] },
      }}
      columnVisibilityModel={visibility.model}
      onColumnVisibilityModelChange={(model) => setVisibility({ small, model })}
      onRowClick={onRowClick && ((params) => onRowClick(params.row))}
      disableRowSelectionOnClick
      sx={onRowClick && { '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      {...(server && {
        paginationMode: 'server',
        sortingMode: 'server',
        rowCount: cappedRowCount ?? rowCount,
        ...(cappedRowCount === -1 && { paginationMeta: { hasNextPage: true } }),
        paginationModel,
        onPaginationModelChange,
        sortModel,
        onSortModelChange,
      })}
    />
  );
}
