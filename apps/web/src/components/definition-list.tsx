import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label–value pairs as a description list: labels in the secondary colour beside their values, long values wrapping. */
export function DefinitionList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
