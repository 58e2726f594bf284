import { Card, CardContent, Typography } from '@mui/material';

/** §2: financial-accounts and legal of a legal entity are placeholder cards for now. */
export function PlaceholderTab({ title }: { title: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">Coming soon.</Typography>
      </CardContent>
    </Card>
  );
}

export const FinancialAccountsPlaceholder = () => <PlaceholderTab title="Financial Accounts" />;
export const LegalPlaceholder = () => <PlaceholderTab title="Legal" />;
