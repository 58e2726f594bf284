import { Card, CardContent, Typography } from '@mui/material';
import { LEAD_TEXTS } from '@tessera/domain';

function ComingSoon({ title }: { title: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {LEAD_TEXTS.featureComingSoon}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Emails tab (002 §2): 'feature coming soon'. */
export function LeadEmailsTab() {
  return <ComingSoon title="Emails" />;
}

/** Messages tab (002 §2): 'feature coming soon'. */
export function LeadMessagesTab() {
  return <ComingSoon title="Messages" />;
}
