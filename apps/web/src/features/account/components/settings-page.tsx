import { Container, Typography } from '@mui/material';
import { AccountPage } from './account-page.tsx';

/** /settings: the same Account page, outside the passport tabs (§2). */
export function SettingsPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Account
      </Typography>
      <AccountPage />
    </Container>
  );
}
