import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { PAGE_LIMIT_DEFAULT } from '@tessera/domain';

/**
 * §9 grid defaults, apart from the grid itself: list state (lib/list-params.ts) starts from them on pages that show no
 * grid, and importing them from data-grid.tsx brought MUI X's grid (~107 KB gzip) along, e.g. to the investor dashboard.
 */
export const GRID_DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];
export const GRID_DEFAULT_PAGINATION: GridPaginationModel = { page: 0, pageSize: PAGE_LIMIT_DEFAULT };
