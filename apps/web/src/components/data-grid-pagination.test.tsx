import type { GridColDef } from '@mui/x-data-grid';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataGrid } from './data-grid.tsx';

interface Item {
  _id: string;
  name: string;
}

const columns: GridColDef<Item>[] = [{ field: 'name', headerName: 'Name' }];
const items: Item[] = Array.from({ length: 45 }, (_, i) => ({ _id: `id-${i}`, name: `Item ${i + 1}` }));

describe('DataGrid pagination (§9)', () => {
  it('shows 20 rows per page by default and offers 10, 20, 50 and 100', async () => {
    const user = userEvent.setup({ delay: null });
    render(<DataGrid label="Items" rows={items} columns={columns} />);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    const pageSize = screen.getByRole('combobox', { name: /rows per page/i });
    expect(pageSize).toHaveTextContent('20');
    await user.click(pageSize);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '20', '50', '100']);

    await user.click(screen.getByRole('option', { name: '50' }));
    expect(await screen.findByText('1–45 of 45')).toBeInTheDocument();
  });
});
