import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  API_KEY_HEADER,
  API_KEY_MAX_DAYS,
  API_KEY_ORIGINS_MAX,
  API_KEY_PREFIX,
  apiKeyScope,
  apiKeyScopeLabels,
  INSTITUTION_KEY_SCOPES,
  PUBLIC_KEY_SCOPES,
} from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { CodeBlock } from '../../../components/code-block.tsx';
import { Section } from './docs-page.tsx';

function Sub({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="h6" sx={{ color: 'text.primary', pt: 2 }}>
      {children}
    </Typography>
  );
}

const origin = () => (typeof window === 'undefined' ? 'https://app.example.com' : window.location.origin);

/** /docs/api-keys: the kinds of key, their scopes, expiry, how to send one, and public keys for embedding. */
export function DocsApiKeys() {
  const host = origin();
  const { tenantSlug, tenantId } = useTenant();
  const tenant = tenantSlug ?? tenantId ?? '{tenant}';
  return (
    <Box sx={{ '& code': { overflowWrap: 'anywhere' } }}>
      <Section heading="API keys">
        <Typography>
          Your servers call the REST API with an API key. The organization&apos;s owners make its keys under Settings → API; an
          institution&apos;s owners and editors make the institution&apos;s keys in its settings. Only a signed-in person can make or revoke
          a key: a key never makes another key.
        </Typography>

        <Sub>Kinds of key</Sub>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>
            A <b>private key</b> (<code>{API_KEY_PREFIX.private}…</code>) authenticates your servers&apos; calls, with the scopes chosen
            when it was made. Keep it secret: never put it in a web page or an app.
          </li>
          <li>
            A <b>public key</b> (<code>{API_KEY_PREFIX.public}…</code>) can only read the organization&apos;s public marketplace (
            <code>{PUBLIC_KEY_SCOPES.join(', ')}</code>), to show its offers on your own site. It may sit in a web page: list the sites
            allowed to use it from a browser (their origins, such as <code>https://www.example.com</code>, up to {API_KEY_ORIGINS_MAX}).
          </li>
        </Box>
        <Typography>
          A key is shown once, when it is made: copy it then. We keep only a hash of it, and show its first characters, its label, when and
          from which address it was last used, and its status (active, expired or revoked). Revoking a key stops it at once.
        </Typography>

        <Sub>Scopes</Sub>
        <Typography>
          Each route of the API belongs to a resource. Reading (GET) needs the resource&apos;s <code>read</code> scope; creating, changing
          and deleting need its <code>write</code> scope. A call outside the key&apos;s scopes is refused with 403. An institution&apos;s
          key reaches only that institution, its offers and its leads, so it may hold only some scopes.
        </Typography>
        <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
          <Table size="small" aria-label="API key scopes">
            <TableHead>
              <TableRow>
                <TableCell>Scope</TableCell>
                <TableCell>Allows</TableCell>
                <TableCell>Institution keys</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {apiKeyScope.options.map((scope) => (
                <TableRow key={scope}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <code>{scope}</code>
                  </TableCell>
                  <TableCell>{apiKeyScopeLabels[scope]}</TableCell>
                  <TableCell>{INSTITUTION_KEY_SCOPES.includes(scope) ? 'Yes' : 'No'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography>
          The settings offer two presets: <b>Read-only</b> (every read scope) and <b>Full access</b> (every scope the owner&apos;s keys may
          hold). Give each key the fewest scopes its job needs.
        </Typography>

        <Sub>Expiry</Sub>
        <Typography>
          A key can stop working by itself after 30, 90 (the default for private keys) or 365 days, or never; through the API, any date up
          to {API_KEY_MAX_DAYS} days away. An expired key is refused like a revoked one: make a new key before the old one expires.
        </Typography>

        <Sub>Sending the key</Sub>
        <Typography>
          Send the key in the <code>{API_KEY_HEADER}</code> header (or as <code>Authorization: Bearer …</code>) on every call:
        </Typography>
        <CodeBlock
          code={`curl '${host}/api/v1/tenant/${tenant}/marketplace/offers' \\\n  -H '${API_KEY_HEADER}: ${API_KEY_PREFIX.public}…'`}
          label="Calling the API with a key"
          testId="api-key-curl"
        />
        <Typography>
          Every call is described in the <Link href="/api/v1/docs">API reference</Link>, with the scope it needs. To hear about events
          rather than polling for them, see{' '}
          <Link component={RouterLink} to="/docs/webhooks">
            Webhooks
          </Link>
          .
        </Typography>
      </Section>
    </Box>
  );
}
