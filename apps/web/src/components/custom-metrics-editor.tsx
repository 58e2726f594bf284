import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, FormControlLabel, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import { CUSTOM_METRICS_MAX, moveItem, renumber, type CustomMetric } from '@tessera/domain';
import { newId } from '../lib/new-id.ts';

interface CustomMetricsEditorProps {
  metrics: CustomMetric[];
  onChange: (metrics: CustomMetric[]) => void;
  /** Field errors keyed by path under the list ('0.key'). */
  errors?: Record<string, string>;
  label?: string;
}

/** Custom metrics (002 §3): key, value, hidden, in order; the arrows move a metric and renumber the positions from 0. */
export function CustomMetricsEditor({ metrics, onChange, errors = {}, label = 'Metric' }: CustomMetricsEditorProps) {
  const ordered = [...metrics].sort((a, b) => a.position - b.position);
  const set = (index: number, patch: Partial<CustomMetric>) => onChange(ordered.map((m, i) => (i === index ? { ...m, ...patch } : m)));

  return (
    <Stack spacing={1.5}>
      {ordered.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No metrics yet.
        </Typography>
      )}
      {ordered.map((m, index) => (
        <Stack
          key={m.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          role="group"
          aria-label={`${label} ${index + 1}`}
        >
          <TextField
            size="small"
            label="Name"
            value={m.key}
            onChange={(e) => set(index, { key: e.target.value })}
            error={Boolean(errors[`${index}.key`])}
            helperText={errors[`${index}.key`]}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label="Value"
            value={m.value}
            onChange={(e) => set(index, { value: e.target.value })}
            error={Boolean(errors[`${index}.value`])}
            helperText={errors[`${index}.value`]}
            sx={{ flex: 1 }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
            <FormControlLabel
              control={<Switch size="small" checked={m.hidden} onChange={(e) => set(index, { hidden: e.target.checked })} />}
              label="Hidden"
            />
            <IconButton
              size="small"
              aria-label={`Move ${label.toLowerCase()} ${index + 1} up`}
              disabled={index === 0}
              onClick={() => onChange(moveItem(ordered, index, index - 1))}
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${label.toLowerCase()} ${index + 1} down`}
              disabled={index === ordered.length - 1}
              onClick={() => onChange(moveItem(ordered, index, index + 1))}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
              onClick={() => onChange(renumber(ordered.filter((_, i) => i !== index)))}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<Add />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={ordered.length >= CUSTOM_METRICS_MAX}
        onClick={() => onChange([...ordered, { id: newId(), key: '', value: '', position: ordered.length, hidden: false }])}
      >
        Add {label.toLowerCase()}
      </Button>
    </Stack>
  );
}
