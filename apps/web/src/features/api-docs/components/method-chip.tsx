import { Chip } from '@mui/material';
import type { HttpMethod } from '../lib/openapi.ts';

const COLOR = { get: 'info', post: 'success', put: 'warning', patch: 'warning', delete: 'error' } as const;

export function MethodChip({ method }: { method: HttpMethod }) {
  return (
    <Chip
      label={method.toUpperCase()}
      color={COLOR[method]}
      size="small"
      variant="outlined"
      sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 64 }}
    />
  );
}
