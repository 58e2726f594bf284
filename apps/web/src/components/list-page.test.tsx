import type { GridColDef } from '@mui/x-data-grid';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useListParams, type ListParamsOptions } from '../lib/list-params.ts';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from './list-page.tsx';

interface Item {
  _id: string;
  name: string;
  createdAt: string;
}

const columns: GridColDef<Item>[] = [
  { field: 'name', headerName: 'Name' },
  { field: 'createdAt', headerName: 'Created' },
];
const kinds = ['fund', 'bond'] as const;
const kindLabels = { fund: 'Fund', bond: 'Bond' };
const items: Item[] = Array.from({ length: 20 }, (_, i) => ({ _id: `id-${i}`, name: `Item ${i + 1}`, createdAt: '2026-01-01' }));

/** A list on the scaffold that shows the query it would send. */
function Items(options: ListParamsOptions<'name' | 'createdAt'>) {
  const list = useListParams(options);
  const kind = list.filter('kind', kinds);
  const query = { ...list.query, ...(kind && { kind }) };
  return (
    <ListPage
      title="Items"
      filters={
        <>
          <ListSearchField list={list} />
          <ListFilterSelect list={list} param="kind" label="Kind" allLabel="All kinds" options={kinds} labels={kindLabels} minWidth={150} />
        </>
      }
    >
      <output aria-label="query">{JSON.stringify(query)}</output>
      <ServerDataGrid
        label="Items"
        columns={columns}
        list={list}
        result={{ data: { data: items, meta: { total: 45 } }, isFetching: false, error: null }}
      />
    </ListPage>
  );
}

function setup(options: ListParamsOptions<'name' | 'createdAt'>, entry = '/items') {
  const router = createMemoryRouter([{ path: '/items', element: <Items {...options} /> }], { initialEntries: [entry] });
  const user = userEvent.setup({ delay: null });
  render(<RouterProvider router={router} />);
  const query = () => JSON.parse(screen.getByRole('status', { name: 'query' }).textContent ?? '{}') as Record<string, unknown>;
  return { router, user, query };
}

describe('list page scaffold', { timeout: 20_000 }, () => {
  it('reads search and filters from the address, and pages and sorts from the first page, newest first', async () => {
    const { query } = setup({ sorts: ['name', 'createdAt'] }, '/items?search=ada&kind=bond');
    expect(screen.getByRole('heading', { level: 1, name: 'Items' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Bond');
    await waitFor(() => expect(query()).toEqual({ page: 1, limit: 20, sort: 'createdAt', direction: 'desc', search: 'ada', kind: 'bond' }));
  });

  it('ignores a filter that is not one of its values', () => {
    const { query } = setup({}, '/items?kind=stock');
    expect(screen.getByRole('combobox', { name: 'Kind' })).not.toHaveTextContent('Stock');
    expect(query()).toEqual({ page: 1, limit: 20 });
  });

  it('writes search and filters to the address, and a new filter returns to the first page', async () => {
    const { router, user, query } = setup({ sorts: ['name', 'createdAt'] });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(query()).toMatchObject({ page: 2 });

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Fund' }));
    expect(router.state.location.search).toBe('?kind=fund');
    expect(query()).toMatchObject({ page: 1, kind: 'fund' });

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All kinds' }));
    expect(router.state.location.search).toBe('');
  });

  it('sends the search debounced and only past 2 characters, trimmed in the address', async () => {
    const { router, user, query } = setup({});
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.click(box);
    await user.paste(' ad');
    expect(router.state.location.search).toBe('?search=ad');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(query()).not.toHaveProperty('search');
    await user.paste('a ');
    await waitFor(() => expect(query()).toMatchObject({ search: 'ada' }));
    expect(router.state.location.search).toBe('?search=ada');
  });

  it("sends any typed search with searchFrom 'typed', and keeps it out of the address when told", async () => {
    const { router, user, query } = setup({ searchFrom: 'typed', inAddress: false });
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.paste('a');
    await waitFor(() => expect(query()).toMatchObject({ search: 'a' }));
    expect(router.state.location.search).toBe('');
  });

  it('sorts on the server by a known field, falls back to createdAt, and returns to the first page', async () => {
    const { user, query } = setup({ sorts: ['createdAt'] });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await user.click(screen.getByText('Name', { selector: '.MuiDataGrid-columnHeaderTitle' }));
    // 'name' is not a sort this list knows: the server is asked for createdAt, in the direction picked.
    expect(query()).toMatchObject({ page: 1, sort: 'createdAt', direction: 'asc' });
  });
});

describe('list page scaffold sorting', { timeout: 20_000 }, () => {
  it('sends a sort the list knows, and stays on the page when sortResetsPage is false', async () => {
    const { user, query } = setup({ sorts: ['name', 'createdAt'], sortResetsPage: false });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await user.click(screen.getByText('Name', { selector: '.MuiDataGrid-columnHeaderTitle' }));
    expect(query()).toMatchObject({ page: 2, sort: 'name', direction: 'asc' });
  });
});
