import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Chip, Collapse, ListItem, Stack, Typography } from '@mui/material';
import { type TimelineEvent, timelineEntityTypeLabels } from '@tessera/domain';
import { formatDateTime, formatRelativeOrDate } from '../lib/format.ts';
import { useId, useState } from 'react';
import { DiffViewer } from './diff-viewer.tsx';

interface TimelineEventItemProps {
  event: TimelineEvent;
}

const isFilled = (record: Record<string, unknown> | undefined) => record !== undefined && Object.keys(record).length > 0;

export function TimelineEventItem({ event }: TimelineEventItemProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { change, delete: deleted } = event.meta;
  const hasDetails = isFilled(change) || isFilled(deleted);
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 1, sm: 2 } }}>
      <Typography sx={{ wordBreak: 'break-word' }}>{event.message}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
        <Chip size="small" variant="outlined" label={timelineEntityTypeLabels[event.entityType]} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {event.userName ?? 'System'}
        </Typography>
        <Typography
          variant="body2"
          component="time"
          dateTime={event.createdAt}
          title={formatDateTime(event.createdAt)}
          sx={{ color: 'text.secondary' }}
        >
          {formatRelativeOrDate(event.createdAt)}
        </Typography>
        {hasDetails && (
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            endIcon={<ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
            sx={{ ml: 'auto' }}
          >
            Details
          </Button>
        )}
      </Stack>
      {hasDetails && (
        <Collapse in={open} unmountOnExit id={detailsId}>
          <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <DiffViewer change={change} deleted={deleted} />
          </Box>
        </Collapse>
      )}
    </ListItem>
  );
}
