import { Box, Typography } from '@mui/material';
import type { CustomMetric } from '@tessera/domain';

/** An offer's or institution's own metrics, in order; hidden ones never show (the server leaves them out already). */
export function CustomMetricsList({ metrics }: { metrics: readonly CustomMetric[] }) {
  const shown = [...metrics].filter((m) => !m.hidden).sort((a, b) => a.position - b.position);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {shown.map((m) => (
        <Box key={m.id} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {m.key}
          </Typography>
          <Typography component="dd" variant="subtitle1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {m.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export const visibleMetrics = (metrics: readonly CustomMetric[]) => metrics.filter((m) => !m.hidden);
