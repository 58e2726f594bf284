import ChecklistRtl from '@mui/icons-material/ChecklistRtl';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../hooks/use-current-user.ts';

/**
 * The way back to the onboarding checklist for an investor who finished the questionnaire but is not through the
 * checklist yet (onboarding status checklist); nothing for anyone else.
 */
export function OnboardingPrompt() {
  const { user } = useCurrentUser();
  if (user?.onboardingStatus !== 'checklist') return null;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, mb: 2 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <ChecklistRtl color="primary" aria-hidden />
          <Stack sx={{ flex: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Finish setting up your account
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Verify your identity and your accreditation to start investing.
            </Typography>
          </Stack>
          <Button component={RouterLink} to="/investor/onboarding/checklist" variant="contained">
            Open checklist
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
