import { Box, Stack, Typography } from '@mui/material';

type StatusDotColor = 'success' | 'info' | 'warning' | 'error' | 'default';

/** A status as a coloured dot and its label (000 §4: statuses show as coloured dots). */
export function StatusDot({ label, color }: { label: string; color: StatusDotColor }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: color === 'default' ? 'text.disabled' : `${color}.main` }}
      />
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    </Stack>
  );
}
