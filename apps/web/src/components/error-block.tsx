import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { ApiError } from '../lib/api-client.ts';
import type { FailureBlockProps } from './failure-block.tsx';
import { NotFoundView } from './not-found-view.tsx';

export type ErrorBlockProps = FailureBlockProps;

/**
 * The failure's block (its Alert, Collapse and their transitions) is a chunk of its own, loaded when a failure is shown:
 * no page's first download carries it (apps/web/scripts/check-budget.mjs). Without that chunk (offline after a new
 * deploy) the title and Reload show, in components the first download has.
 */
const FailureBlock = lazy(() =>
  import('./failure-block.tsx').then(
    (m) => ({ default: m.FailureBlock }),
    () => ({ default: PlainFailureBlock }),
  ),
);

function PlainFailureBlock({ title = 'Something went wrong' }: ErrorBlockProps) {
  return (
    <Box role="alert" sx={{ m: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'error.main' }}>
        {title}
      </Typography>
      <Button size="small" variant="outlined" color="error" onClick={() => window.location.reload()} sx={{ mt: 1 }}>
        Reload
      </Button>
    </Box>
  );
}

/** The API answered 404: the record at this address does not exist, or is not the caller's to see (another tenant's or institution's). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The generic §8 error block: 'Something went wrong' with Try again, Reload and Show details. A 404 is an answer, not
 * a failure: every page that loads a record by its address shows the not-found page for it instead.
 */
export function ErrorBlock(props: ErrorBlockProps) {
  if (isNotFound(props.error)) return <NotFoundView />;
  return (
    <Suspense fallback={null}>
      <FailureBlock {...props} />
    </Suspense>
  );
}
