import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Search from '@mui/icons-material/Search';
import {
  Box,
  CircularProgress,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type List as ListOf,
  PAGE_LIMIT_DEFAULT,
  type SortDirection,
  type TimelineEvent,
  type TimelineQuery,
  type TimelineSort,
  timelineSort,
  timelineSortLabels,
} from '@tessera/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TimelineErrorPanel } from './timeline-error-panel.tsx';
import { TimelineEventItem } from './timeline-event-item.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { formatCount } from '../lib/format-number.ts';

interface TimelineViewProps {
  /** The owner's key, e.g. ['user', id, 'events']; the query is appended to it. */
  queryKey: readonly unknown[];
  fetchEvents: (query: TimelineQuery) => Promise<ListOf<TimelineEvent>>;
}

/** §2: the history tab of any entity: search, sort, direction, server paging and per-event details. */
export function TimelineView({ queryKey, fetchEvents }: TimelineViewProps) {
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState<TimelineSort>('createdAt');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const search = useDebouncedValue(searchText.trim(), 300);

  // A new search or order starts again at page 1.
  const filtersKey = JSON.stringify([search, sort, direction]);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;

  const query: TimelineQuery = { page, limit: PAGE_LIMIT_DEFAULT, sort, direction, ...(search && { search }) };
  const { data, error, isPending, isError, isFetching, refetch } = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchEvents(query),
    placeholderData: keepPreviousData,
  });

  // A capped total (a history past 10,000 events counts no further): the pages go on while they come back full.
  const capped = data?.meta.totalCapped === true;
  const pages = data
    ? Math.max(Math.ceil(data.meta.total / data.meta.limit), capped && data.data.length === data.meta.limit ? page + 1 : 0)
    : 0;
  const DirectionIcon = direction === 'asc' ? ArrowUpward : ArrowDownward;
  const directionLabel = `Sort direction: ${direction === 'asc' ? 'ascending' : 'descending'}`;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Search"
          type="search"
          size="small"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flex: 1 }}
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <TextField
            select
            label="Sort by"
            size="small"
            value={sort}
            onChange={(event) => setSort(timelineSort.parse(event.target.value))}
            // A fixed basis: sized by its content, the select grew past the row and pushed the direction button out.
            sx={{ flex: { xs: '1 1 auto', sm: '0 0 180px' }, minWidth: 0 }}
          >
            {timelineSort.options.map((option) => (
              <MenuItem key={option} value={option}>
                {timelineSortLabels[option]}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={directionLabel}>
            <IconButton aria-label={directionLabel} onClick={() => setDirection((d) => (d === 'asc' ? 'desc' : 'asc'))}>
              <DirectionIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>

      {isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }} role="status">
          <CircularProgress size={20} />
          <Typography>Loading Timeline...</Typography>
        </Stack>
      ) : !data ? (
        <TimelineErrorPanel error={error} onRetry={() => void refetch()} />
      ) : (
        <Box aria-busy={isFetching}>
          {isError && <TimelineErrorPanel error={error} onRetry={() => void refetch()} />}
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Updating timeline" />}</Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
            Showing {data.data.length} of {capped ? `${formatCount(data.meta.total)}+` : data.meta.total} events
          </Typography>
          {data.data.length === 0 ? (
            <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>No events found</Typography>
          ) : (
            <List disablePadding>
              {data.data.map((event) => (
                <TimelineEventItem key={event._id} event={event} />
              ))}
            </List>
          )}
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, next) => setPaging({ filtersKey, page: next })}
              size="small"
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
