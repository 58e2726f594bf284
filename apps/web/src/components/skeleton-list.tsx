import { Skeleton, Stack } from '@mui/material';

/** §9: lists show 10 skeleton rows while they load. */
const SKELETON_ROWS = 10;

interface SkeletonListProps {
  rows?: number;
  rowHeight?: number;
  label?: string;
}

export function SkeletonList({ rows = SKELETON_ROWS, rowHeight = 48, label = 'Loading' }: SkeletonListProps) {
  return (
    <Stack spacing={1} role="progressbar" aria-label={label} aria-busy="true" sx={{ width: '100%' }}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} data-testid="skeleton-row" variant="rounded" height={rowHeight} />
      ))}
    </Stack>
  );
}
