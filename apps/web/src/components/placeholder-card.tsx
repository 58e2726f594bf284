import { Card, CardContent, Typography } from '@mui/material';

/** A screen the spec marks as a placeholder: its title and 'Coming soon.', nothing more. */
export function PlaceholderCard({ title, headingLevel = 'h2' }: { title: string; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component={headingLevel} gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Coming soon.
        </Typography>
      </CardContent>
    </Card>
  );
}
