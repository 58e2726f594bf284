import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled section of the Account page. */
export function SectionCard({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: children ? 2 : 0 }}>
          <div>
            <Typography id={id} component="h2" variant="h6">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {subtitle}
              </Typography>
            )}
          </div>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
