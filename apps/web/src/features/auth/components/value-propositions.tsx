import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Description from '@mui/icons-material/Description';
import Groups from '@mui/icons-material/Groups';
import ShowChart from '@mui/icons-material/ShowChart';
import TouchApp from '@mui/icons-material/TouchApp';
import Verified from '@mui/icons-material/Verified';
import { Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

const PROPOSITIONS: { title: string; text: string; icon: ReactNode }[] = [
  { title: 'Simplified', text: 'Verify once, then invest in a few clicks from any device.', icon: <TouchApp /> },
  { title: 'Community', text: 'Invest alongside a network of vetted investors and sponsors.', icon: <Groups /> },
  { title: 'Documents', text: 'Statements, tax forms and agreements kept in one secure place.', icon: <Description /> },
  { title: 'A.I. Advisor', text: 'Ask about any offer and get clear answers, day or night.', icon: <AutoAwesome /> },
  { title: 'Track Records', text: "Review each sponsor's history before you commit.", icon: <ShowChart /> },
  { title: 'Handpicked Deals', text: 'Opportunities screened by our team before they reach you.', icon: <Verified /> },
];

/** The sign-in page's value-proposition banners (§2). */
export function ValuePropositions() {
  return (
    <Box
      component="section"
      aria-labelledby="value-propositions-title"
      sx={(theme) => ({
        width: '100%',
        borderRadius: 3,
        p: { xs: 3, md: 5 },
        // Light mode: a solid brand panel. Dark mode: a tint over the page, since dark palettes use light primaries.
        ...(theme.palette.mode === 'light'
          ? {
              color: 'primary.contrastText',
              background: `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
            }
          : {
              color: 'text.primary',
              border: 1,
              borderColor: 'divider',
              background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.24)} 0%, ${alpha(theme.palette.primary.main, 0.06)} 100%)`,
            }),
      })}
    >
      <Typography id="value-propositions-title" component="h2" variant="h4" sx={{ mb: 1, fontSize: { xs: '1.5rem', md: '2.125rem' } }}>
        Invest with Confidence
      </Typography>
      <Typography sx={{ mb: { xs: 3, md: 4 }, opacity: 0.85 }}>Private-market investing, made clear and accessible.</Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {PROPOSITIONS.map(({ title, text, icon }) => (
          <Stack component="li" key={title} direction="row" spacing={2}>
            <Box
              aria-hidden="true"
              sx={(theme) => ({
                flexShrink: 0,
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor:
                  theme.palette.mode === 'light' ? alpha(theme.palette.primary.contrastText, 0.14) : alpha(theme.palette.primary.main, 0.2),
                color: 'secondary.main',
              })}
            >
              {icon}
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {title}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}
