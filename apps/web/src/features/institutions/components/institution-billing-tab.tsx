import CreditCard from '@mui/icons-material/CreditCard';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';

/** Billing tab: plans, invoices and payment methods arrive with the billing work (a later issue). */
export function InstitutionBillingTab() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CreditCard color="action" />
            <Typography variant="h6" component="h2">
              Billing
            </Typography>
            <Chip label="Coming soon" size="small" variant="outlined" />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The institution&apos;s plan, invoices and payment methods will be managed here once billing arrives. Nothing is charged until
            then.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
