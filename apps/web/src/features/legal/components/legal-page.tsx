import { Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  effective: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A readable legal document: one column, numbered sections. */
export function LegalPage({ title, effective, intro, sections }: LegalPageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <title>{title}</title>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
          {effective}
        </Typography>
        <Typography sx={{ mb: 3 }}>{intro}</Typography>
        <Stack component="ol" spacing={3} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {sections.map(({ heading, body }, index) => (
            <li key={heading}>
              <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                {`${index + 1}. ${heading}`}
              </Typography>
              <Typography variant="body2" component="div" sx={{ color: 'text.secondary', lineHeight: 1.7 }}>
                {body}
              </Typography>
            </li>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
