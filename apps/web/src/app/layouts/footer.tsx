import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import { Box, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '../../lib/tenant/use-tenant.ts';

/** The product's channels: public tenant data carries no social links of its own yet. */
const SOCIAL_LINKS = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tessera', icon: <LinkedIn fontSize="small" /> },
  { label: 'X', href: 'https://x.com/tessera', icon: <X fontSize="small" /> },
  { label: 'YouTube', href: 'https://www.youtube.com/@tessera', icon: <YouTube fontSize="small" /> },
];

export function Footer() {
  const { name } = useTenant();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 2, sm: 3 }, py: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: { sm: 1 } }}>
          {`© ${new Date().getFullYear()} ${name}`}
        </Typography>
        <Stack direction="row" spacing={3} component="nav" aria-label="Legal">
          <Link component={RouterLink} to="/terms" variant="body2" color="text.secondary">
            Terms
          </Link>
          <Link component={RouterLink} to="/privacy" variant="body2" color="text.secondary">
            Privacy
          </Link>
        </Stack>
        <Stack direction="row" spacing={0.5}>
          {SOCIAL_LINKS.map(({ label, href, icon }) => (
            <IconButton
              key={label}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              size="small"
              sx={{ color: 'text.secondary' }}
            >
              {icon}
            </IconButton>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
