import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of an offer tab, with an optional status on the right (completeness). */
export function OfferSection({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">{title}</Typography>
            {status}
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
