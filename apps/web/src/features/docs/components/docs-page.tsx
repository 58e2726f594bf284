import { Box, Container, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';

/** The public help sections: each is a sub-route of /docs. */
const SECTIONS = [
  { path: '/docs', label: 'Overview' },
  { path: '/docs/auth', label: 'Signing in' },
  { path: '/docs/user', label: 'Financial passport' },
  { path: '/docs/billing', label: 'Billing' },
  { path: '/docs/api-keys', label: 'API keys' },
  { path: '/docs/webhooks', label: 'Webhooks' },
] as const;

/** Served by the API, outside the web app: plain links, not router links. */
const API_REFERENCE = '/api/v1/docs';
const OPENAPI_DOCUMENT = '/api/v1/openapi.json';

/** /docs: what the platform documents, with a tab per section. Public, so it reads the same signed in or out. */
export function DocsLayout() {
  const { pathname } = useLocation();
  const current = SECTIONS.find((s) => s.path === pathname.replace(/\/$/, ''))?.path ?? false;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <title>Documentation</title>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          Documentation
        </Typography>
        <Tabs
          value={current}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Documentation sections"
          sx={{ mt: 2, mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map((s) => (
            <Tab key={s.path} label={s.label} value={s.path} component={RouterLink} to={s.path} />
          ))}
        </Tabs>
        <Outlet />
      </Paper>
    </Container>
  );
}

export function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Stack spacing={2} sx={{ color: 'text.secondary', lineHeight: 1.7 }}>
        {children}
      </Stack>
    </Box>
  );
}

export function DocsOverview() {
  const { name } = useTenant();
  return (
    <Section heading="What is documented here">
      <Typography>
        {name} runs on Tessera, an investment platform where investors keep one financial passport and invest through guided workflows.
        These pages explain how to use it:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <li>
          <Link component={RouterLink} to="/docs/auth">
            Signing in
          </Link>
          : creating an account, invitations, passwords and sessions.
        </li>
        <li>
          <Link component={RouterLink} to="/docs/user">
            Financial passport
          </Link>
          : your account, profiles, financial accounts, documents and sharing, and your personal data.
        </li>
        <li>
          <Link component={RouterLink} to="/docs/billing">
            Billing
          </Link>
          : plans, the trial, invoices and payment methods of the institutions that raise on the platform, and the billing API.
        </li>
        <li>
          <Link component={RouterLink} to="/docs/api-keys">
            API keys
          </Link>
          : private and public keys, their scopes and expiry, and how to send them.
        </li>
        <li>
          <Link component={RouterLink} to="/docs/webhooks">
            Webhooks
          </Link>
          : registering an endpoint, every event type with a sample, retries, replays and verifying signatures.
        </li>
      </Box>
      <Typography>
        Developers integrating with the platform will find every call of the REST API, with its request and response schemas, in the{' '}
        <Link href={API_REFERENCE}>API reference</Link> (also as an <Link href={OPENAPI_DOCUMENT}>OpenAPI 3.1 document</Link>).
        Server-to-server calls authenticate with a private API key that the organization's owners create in its settings.
      </Typography>
    </Section>
  );
}

export function DocsAuth() {
  return (
    <Section heading="Signing in">
      <Typography>
        Sign in with your e-mail address and password. A new investor signs up with their name, e-mail and a password and accepts the
        disclosures; someone invited by an organization follows the link in the invitation e-mail to finish signing up.
      </Typography>
      <Typography>
        Forgot your password? Ask for a reset link on the sign-in page; the link is e-mailed to you and works once. Changing or resetting
        your password signs you out everywhere else.
      </Typography>
      <Typography>
        A session lasts a limited time: the top bar counts down and a click renews it. When it ends you are signed out and brought back to
        where you were after signing in again. If your membership of an organization has been suspended, signing in is refused with a
        message to contact its administrators.
      </Typography>
    </Section>
  );
}

export function DocsUser() {
  return (
    <Section heading="Your financial passport">
      <Typography>
        The passport holds what every investment draws on, entered once: your account (profile, theme, date format, password,
        notifications), your activity, your financial accounts, individual profiles (details, contact, financial accounts and government
        photo IDs) and legal entity profiles (details, ownership and contact).
      </Typography>
      <Typography>
        Sensitive numbers (social security, tax and account numbers) are encrypted when stored and shown masked, such as ***-**-6789, unless
        you reveal them yourself.
      </Typography>
      <Typography>
        Documents you upload are yours: you can share one with another member of the organization, or invite someone by e-mail, choosing a
        role and an optional expiry. From the account page you can export everything the platform holds on you as a JSON file; to delete
        your data, contact support.
      </Typography>
    </Section>
  );
}

/** /docs/billing has a page of its own, served from this module like the other sections. */
export { DocsBilling } from './docs-billing.tsx';
