import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, TextField, ThemeProvider, Typography } from '@mui/material';
import type { BrandingTheme, ThemeMode } from '@tessera/domain';
import { useMemo } from 'react';
import { buildTheme } from '../../../lib/theme/build-theme.ts';

/** Real components under the edited theme, in one mode, so owners see what investors will see. */
export function ThemePreview({ theme, mode }: { theme: BrandingTheme; mode: ThemeMode }) {
  const built = useMemo(() => buildTheme(theme, mode), [theme, mode]);
  return (
    <ThemeProvider theme={built}>
      <Box
        data-testid="theme-preview"
        aria-label={`Preview (${mode} mode)`}
        role="region"
        sx={{
          bgcolor: 'background.default',
          color: 'text.primary',
          fontFamily: built.typography.fontFamily,
          p: { xs: 2, sm: 3 },
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {`Preview · ${mode === 'dark' ? 'Dark' : 'Light'} mode`}
        </Typography>
        <Typography component="p" variant="h5" sx={{ mb: 2 }}>
          Invest with confidence
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <Button variant="contained">Primary</Button>
          <Button variant="contained" color="secondary">
            Secondary
          </Button>
          <Button variant="outlined">Outlined</Button>
          <Button sx={{ color: 'tertiary.main' }}>Tertiary</Button>
        </Stack>
        <TextField label="Email" placeholder="you@example.com" size="small" sx={{ mb: 2, bgcolor: 'background.paper' }} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <Chip label="Open" color="primary" />
          <Chip label="Verified" color="success" variant="outlined" />
          <Chip label="Closing soon" color="warning" />
        </Stack>
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              Series A · Northwind Energy
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Minimum investment $25,000. Closes in 12 days.
            </Typography>
          </CardContent>
          <CardActions>
            <Button size="small">View offer</Button>
          </CardActions>
        </Card>
        <Stack spacing={1}>
          <Alert severity="info" icon={<InfoOutlined />}>
            Your financial passport is ready.
          </Alert>
          <Alert severity="success">Investment submitted.</Alert>
          <Alert severity="warning">Your ID expires soon.</Alert>
          <Alert severity="error">Payment failed.</Alert>
        </Stack>
      </Box>
    </ThemeProvider>
  );
}
