import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { DataGrid, type DataGridProps } from './data-grid.tsx';

interface GridSectionProps<R extends GridValidRowModel> extends DataGridProps<R> {
  /** The heading (h2) and the document title. */
  title: string;
  /** The contained button beside the heading, e.g. 'New Profile'. */
  addLabel: string;
  onAdd: () => void;
  /** The dialogs the list opens. */
  children?: ReactNode;
}

/** A passport tab's list: its heading with an add button, then the grid (the other props are the grid's). */
export function GridSection<R extends GridValidRowModel>({ title, addLabel, onAdd, children, ...grid }: GridSectionProps<R>) {
  return (
    <Stack spacing={2}>
      <title>{title}</title>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Stack>
      <DataGrid {...grid} />
      {children}
    </Stack>
  );
}
