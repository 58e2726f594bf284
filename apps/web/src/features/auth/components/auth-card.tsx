import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The card every auth form sits in: full width on phones, 440 px at most. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={0.75} sx={{ mb: 3 }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

/** Centers one auth card in the page. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { sm: 'center' }, px: 2, py: { xs: 3, sm: 6 } }}>
      {children}
    </Box>
  );
}
