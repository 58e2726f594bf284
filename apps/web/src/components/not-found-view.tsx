import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

/** The 404 page (000 §8): the address asked for, the support sentence and the way home. */
export function NotFoundView() {
  const { pathname, search, hash } = useLocation();
  return (
    <Container
      maxWidth="sm"
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', py: { xs: 4, md: 8 }, textAlign: 'center' }}
    >
      <title>Page Not Found</title>
      <Typography variant="overline" sx={{ color: 'text.secondary', letterSpacing: 2 }}>
        404
      </Typography>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Page Not Found
      </Typography>
      <Typography sx={{ mb: 1 }}>There is no page at this address:</Typography>
      <Box
        component="code"
        sx={{
          display: 'block',
          mb: 2,
          px: 1.5,
          py: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          wordBreak: 'break-all',
          fontFamily: 'monospace',
        }}
      >
        {pathname + search + hash}
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>If you believe this is an error, please contact support.</Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Home
        </Button>
      </Box>
    </Container>
  );
}
