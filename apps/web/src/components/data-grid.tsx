import { Box, Skeleton } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { lazy, Suspense, useState, type ComponentType, type Ref } from 'react';
import { useNearScreen } from '../lib/use-near-screen.ts';
import type { DataGridProps } from './data-grid-view.tsx';

export type { DataGridProps } from './data-grid-view.tsx';

type View = typeof import('./data-grid-view.tsx');

/**
 * MUI X's grid is the biggest module a list screen loads (about 130 KB gzip, 140 ms to evaluate unthrottled). It loads
 * when a grid's place first comes near the screen, not with the screen: the heading, filters and charts show without
 * waiting for it, and a list that shows its empty state instead never loads it.
 */
let loaded: View | undefined;

/** Loads the grid's code now (the component tests load it before rendering, as a screen seen before would have). */
export async function loadDataGrid(): Promise<View> {
  loaded ??= await import('./data-grid-view.tsx');
  return loaded;
}

const LazyView = lazy(async () => ({ default: (await loadDataGrid()).DataGridView as ComponentType<DataGridProps<GridValidRowModel>> }));

/** Rows of the placeholder: the grid's header, a few rows and its footer, at the grid's own heights. */
const HEADER_PX = 56;
const ROW_PX = 52;
const PLACEHOLDER_ROWS = 5;

/** Where the grid will be, while its code loads: its outline, header and a few skeleton rows, announced as busy. */
function GridPlaceholder({ label, ref }: { label: string | undefined; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box
      ref={ref}
      role="progressbar"
      aria-label={label ? `Loading ${label}` : 'Loading'}
      aria-busy
      // The height of the box the grid fills, where it has one (a server list's 640 px): nothing below it moves.
      sx={{ height: '100%', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}
    >
      <Box sx={{ height: HEADER_PX, borderBottom: 1, borderColor: 'divider' }} />
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
        <Box key={i} sx={{ height: ROW_PX, px: 2, display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton variant="text" width="100%" />
        </Box>
      ))}
      <Box sx={{ height: ROW_PX }} />
    </Box>
  );
}

/** The list grid every screen uses, with the §9 defaults and the §8 overlays (data-grid-view.tsx). */
export function DataGrid<R extends GridValidRowModel>(props: DataGridProps<R>) {
  // Once loaded, a new grid renders at once, without a placeholder frame. Decided once per grid: switching a grid
  // from the lazy element to the direct one would mount it again, losing its state.
  const [view] = useState(() => loaded);
  // The first grid asks for its code once its place has painted near the screen: asked for during the screen's render,
  // its download and evaluation (130 KB, ~300 ms on a phone) came before the page's first paint in the browser's queue;
  // asked for under the fold of a phone (the lead list's charts come first), its evaluation and first render (~500 ms
  // at 4x CPU with the charts') held the page while the member could not see it.
  const { ref, near } = useNearScreen();
  if (view) return <view.DataGridView {...props} />;
  if (!near) return <GridPlaceholder label={props.label} ref={ref} />;
  return (
    <Suspense fallback={<GridPlaceholder label={props.label} />}>
      <LazyView {...(props as unknown as DataGridProps<GridValidRowModel>)} />
    </Suspense>
  );
}
