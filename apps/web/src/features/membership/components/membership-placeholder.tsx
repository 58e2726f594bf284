import { Card, CardContent, Typography } from '@mui/material';

function Placeholder({ title }: { title: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">{title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>Coming soon.</Typography>
      </CardContent>
    </Card>
  );
}

/** §2: details and notifications of a membership are placeholder cards. */
export const MembershipDetailsPlaceholder = () => <Placeholder title="Details" />;
export const MembershipNotificationsPlaceholder = () => <Placeholder title="Notifications" />;
