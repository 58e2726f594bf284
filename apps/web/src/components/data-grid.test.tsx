import type { GridColDef } from '@mui/x-data-grid';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDocumentStyles } from '../test/document-styles.tsx';
import { DataGrid } from './data-grid.tsx';

// A header's name leaves out its sort button, which MUI's styles hide until the column is sorted or hovered.
withDocumentStyles();

interface Member {
  _id: string;
  name: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

const columns: GridColDef<Member>[] = [
  { field: '_id', headerName: 'Id' },
  { field: 'name', headerName: 'Name' },
  { field: 'email', headerName: 'Email' },
  { field: 'createdAt', headerName: 'Created' },
  { field: 'updatedAt', headerName: 'Updated' },
];

const member = (id: string, name: string, createdAt: string): Member => ({
  _id: id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  createdAt,
  updatedAt: createdAt,
});

const rows = [member('a', 'Ann', '2024-01-01'), member('b', 'Bob', '2024-03-01'), member('c', 'Cid', '2024-02-01')];

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataGrid', () => {
  it("shows where the grid will be, busy, until the grid's code has loaded, then the rows", async () => {
    // A second copy of the module (another URL), whose grid code is not loaded yet: the set-up loads the usual copy's.
    const secondCopy = './data-grid.tsx?not-loaded';
    const fresh = (await import(/* @vite-ignore */ secondCopy)) as typeof import('./data-grid.tsx');
    render(<fresh.DataGrid label="Members" rows={rows} columns={columns} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Members' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Members' })).toBeInTheDocument();
    expect(names()).toEqual(['Bob', 'Cid', 'Ann']);
    expect(screen.queryByRole('progressbar', { name: 'Loading Members' })).not.toBeInTheDocument();
  });

  it('sorts by createdAt descending and hides id and updated by default', () => {
    render(<DataGrid label="Members" rows={rows} columns={columns} />);
    expect(headers()).toEqual(['Name', 'Email', 'Created']);
    expect(names()).toEqual(['Bob', 'Cid', 'Ann']);
  });

  it('drops and logs rows with duplicate or empty ids', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <DataGrid label="Members" rows={[...rows, member('a', 'Dup', '2025-01-01'), member('', 'Blank', '2025-01-01')]} columns={columns} />,
    );
    expect(names()).toEqual(['Bob', 'Cid', 'Ann']);
    expect(screen.queryByText('Dup')).not.toBeInTheDocument();
    expect(screen.queryByText('Blank')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("shows 'No data' without rows", () => {
    render(<DataGrid label="Members" rows={[]} columns={columns} />);
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('shows a loading skeleton instead of an empty message while loading', () => {
    render(<DataGrid label="Members" rows={[]} columns={columns} loading />);
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Members' })).toBeInTheDocument();
  });

  it("shows 'No results for' the search query", () => {
    render(<DataGrid label="Members" rows={[]} columns={columns} searchQuery="zed" />);
    expect(screen.getByText('No results for "zed"')).toBeInTheDocument();
  });

  it("shows 'An error occured' when an error is set", () => {
    render(<DataGrid label="Members" rows={rows} columns={columns} error={new Error('down')} />);
    expect(screen.getByText('An error occured')).toBeInTheDocument();
    expect(screen.queryByText('Ann')).not.toBeInTheDocument();
  });

  it('reports the clicked row', async () => {
    const onRowClick = vi.fn();
    render(<DataGrid label="Members" rows={rows} columns={columns} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Cid'));
    expect(onRowClick).toHaveBeenCalledWith(rows[2]);
  });

  it('pages and sorts on the server when rowCount is given', async () => {
    const onPaginationModelChange = vi.fn();
    const onSortModelChange = vi.fn();
    render(
      <DataGrid
        label="Members"
        rows={rows}
        columns={columns}
        rowCount={45}
        paginationModel={{ page: 0, pageSize: 20 }}
        onPaginationModelChange={onPaginationModelChange}
        sortModel={[]}
        onSortModelChange={onSortModelChange}
      />,
    );
    // The server already sorted: the rows keep their order.
    expect(names()).toEqual(['Ann', 'Bob', 'Cid']);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPaginationModelChange).toHaveBeenCalledWith({ page: 1, pageSize: 20 }, expect.anything());
    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(onSortModelChange).toHaveBeenCalledWith([{ field: 'name', sort: 'asc' }], expect.anything());
  });

  it('shows a capped total as 10,000+ and pages on while pages come back full', async () => {
    const full = Array.from({ length: 20 }, (_, i) => member(`m${i}`, `Member ${i}`, '2026-01-01T00:00:00.000Z'));
    const onPaginationModelChange = vi.fn();
    const { rerender } = render(
      <DataGrid
        label="Members"
        rows={full}
        columns={columns}
        rowCount={10_000}
        totalCapped
        paginationModel={{ page: 0, pageSize: 20 }}
        onPaginationModelChange={onPaginationModelChange}
        sortModel={[]}
        onSortModelChange={vi.fn()}
      />,
    );
    expect(screen.getByText('1–20 of 10,000+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPaginationModelChange).toHaveBeenCalledWith({ page: 1, pageSize: 20 }, expect.anything());
    // A short page is the last: its rows end the count, no next page.
    rerender(
      <DataGrid
        label="Members"
        rows={full.slice(0, 5)}
        columns={columns}
        rowCount={10_000}
        totalCapped
        paginationModel={{ page: 1, pageSize: 20 }}
        onPaginationModelChange={onPaginationModelChange}
        sortModel={[]}
        onSortModelChange={vi.fn()}
      />,
    );
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();
  });

  it('also hides email and created under 600 px', () => {
    // jsdom has no matchMedia: this one matches the small-screen query only.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    render(<DataGrid label="Members" rows={rows} columns={columns} />);
    expect(headers()).toEqual(['Name']);
  });
});
