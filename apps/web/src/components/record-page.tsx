import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from './error-block.tsx';
import { SkeletonList } from './skeleton-list.tsx';

interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

interface RecordPageProps<T> {
  /** The list the page belongs to, e.g. '/admin/tenant'. */
  backTo: string;
  /** The back button's text, e.g. 'All Tenants'. */
  backLabel: string;
  /** The record's query: a skeleton while it loads, its error with a retry, then the page. */
  query: RecordQuery<T>;
  skeletonRows: number;
  children: (data: T) => ReactNode;
}

/** A record's page: the button back to its list, then the record once loaded. */
export function RecordPage<T>({ backTo, backLabel, query, skeletonRows, children }: RecordPageProps<T>) {
  return (
    <>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {backLabel}
      </Button>
      {query.isPending ? (
        <SkeletonList rows={skeletonRows} />
      ) : query.error ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data as T)
      )}
    </>
  );
}
