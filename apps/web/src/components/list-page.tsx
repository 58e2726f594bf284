import Search from '@mui/icons-material/Search';
import { Box, InputAdornment, MenuItem, Stack, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import type { ListControls } from '../lib/list-params.ts';
import { DataGrid, type DataGridProps } from './data-grid.tsx';

interface ListPageProps {
  /** The heading, and the document title when the list is a page of its own. */
  title: string;
  /** A page of its own (h1, the default) or a tab of another page (h2). */
  headingLevel?: 'h1' | 'h2';
  /** Beside the heading, e.g. the create button. */
  action?: ReactNode;
  /** The search box and filters, in one row from md up. */
  filters: ReactNode;
  /** The grid, and any dialogs the list opens. */
  children: ReactNode;
}

/** The frame of a server-paged list: heading with its action, the search and filter row, then the grid. */
export function ListPage({ title, headingLevel = 'h1', action, filters, children }: ListPageProps) {
  const heading = (
    <Typography variant={headingLevel === 'h1' ? 'h4' : 'h5'} component={headingLevel}>
      {title}
    </Typography>
  );
  return (
    <Stack spacing={2}>
      {headingLevel === 'h1' && <title>{title}</title>}
      {action ? (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          {heading}
          {action}
        </Stack>
      ) : (
        heading
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {filters}
      </Stack>
      {children}
    </Stack>
  );
}

interface ListSearchFieldProps {
  list: ListControls;
  /** 'Search' unless the box needs more words. */
  label?: string;
  placeholder?: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/** The list's search box, its text kept with the list (in the address unless told otherwise). */
export function ListSearchField({ list, label = 'Search', placeholder, fullWidth, sx = { flex: 2 } }: ListSearchFieldProps) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={list.searchText}
      onChange={(e) => list.setSearchText(e.target.value)}
      size="small"
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface ListFilterSelectProps<T extends string> {
  list: ListControls;
  /** The address parameter. */
  param: string;
  label: string;
  /** The first choice, which clears the filter ('All roles'). */
  allLabel: string;
  options: readonly T[];
  labels: Record<T, string>;
  minWidth: number;
}

/** A filter picked from an enumeration, kept in the address; a value not in it reads as no filter. */
export function ListFilterSelect<T extends string>({ list, param, label, allLabel, options, labels, minWidth }: ListFilterSelectProps<T>) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={list.filter(param, options) ?? ''}
      onChange={(e) => list.setFilter(param, e.target.value)}
      sx={{ flex: 1, minWidth }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {labels[value]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A page of a server list, as the list endpoints answer. */
interface ListResult<R> {
  data?: { data: R[]; meta: { total: number; totalCapped?: true } };
  isFetching: boolean;
  error: unknown;
}

type ServerDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'rows' | 'loading' | 'error' | 'rowCount' | 'totalCapped' | keyof ListControls['grid']
> & {
  list: Pick<ListControls, 'grid'>;
  /** The list query's result: rows, total, fetching and error. */
  result: ListResult<R>;
  /** The grid's height in px. */
  height?: number;
};

/** The DataGrid of a server-paged list: rows, total, loading and error from the query; paging, sort and search from the list. */
export function ServerDataGrid<R extends GridValidRowModel>({ list, result, height = 640, ...props }: ServerDataGridProps<R>) {
  return (
    <Box sx={{ height, width: '100%' }}>
      <DataGrid
        rows={result.data?.data}
        loading={result.isFetching}
        error={result.error ?? undefined}
        rowCount={result.data?.meta.total ?? 0}
        totalCapped={result.data?.meta.totalCapped === true}
        {...list.grid}
        {...props}
      />
    </Box>
  );
}
