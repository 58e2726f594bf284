import Construction from '@mui/icons-material/Construction';
import { Container, Typography } from '@mui/material';
import { useTenant } from '../../lib/tenant/use-tenant.ts';

/** The generic 'Coming Soon' page (001 §2), with the name of what is coming. */
export function ComingSoonPage({ title = 'Coming Soon' }: { title?: string }) {
  const { name } = useTenant();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <title>{`${title} · ${name}`}</title>
      <Construction sx={{ fontSize: 56, color: 'text.secondary', mb: 2 }} aria-hidden />
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>Coming Soon: we are still building this page.</Typography>
    </Container>
  );
}

/** /investor/messages: a placeholder until messaging arrives (001 §2). */
export function MessagesPage() {
  return <ComingSoonPage title="Messages" />;
}

/** /investor/events: a placeholder until events arrive (001 §2). */
export function EventsPage() {
  return <ComingSoonPage title="Events" />;
}
