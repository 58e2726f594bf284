import { Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useExampleCredentials } from '../hooks/use-example-credentials.ts';
import { apiBase, groupEndpoints, type OpenApiDocument } from '../lib/openapi.ts';
import { curlExample } from '../lib/openapi-example.ts';
import { useApiDocs } from './api-docs-page.tsx';
import { CodeBlock } from '../../../components/code-block.tsx';
import { Markdownish } from './markdownish.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A curl command for the operation at `method path`, if the document has it. */
function curlFor(doc: OpenApiDocument, method: string, path: string, base: string, apiKey?: string): string | null {
  const endpoint = groupEndpoints(doc)
    .flatMap((g) => g.endpoints)
    .find((e) => e.method === method && e.path === path);
  return endpoint ? curlExample(doc, endpoint, { base, apiKey }) : null;
}

/**
 * /tenant/docs with no endpoint chosen: how to call the API from this tenant's address, how to get a token and a key
 * (the numbers and rules come from the document itself, so they say what the server enforces).
 */
export function ApiDocsIntro() {
  const { doc } = useApiDocs();
  const { tenantId, tenantSlug } = useTenant();
  const credentials = useExampleCredentials();
  const base = apiBase(doc, window.location.origin);
  const schemes = Object.values(doc.components?.securitySchemes ?? {});
  const bearer = schemes.find((s) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer');
  const apiKey = schemes.find((s) => s.type === 'apiKey');
  const addressing = doc.servers?.find((s) => s.variables?.host)?.description;
  const signIn = curlFor(doc, 'post', '/auth/signin', base);
  const refresh = curlFor(doc, 'post', '/auth/token-refresh', base);

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h2">
          Calling the API
        </Typography>
        {doc.info?.summary && <Typography>{doc.info.summary}</Typography>}
      </Stack>

      <Part title="This tenant's address">
        <Typography>
          Every call goes to <code>{base}</code>, and is answered for this tenant.
          {tenantSlug && tenantId ? (
            <>
              {' '}
              Where a path has <code>{'{t}'}</code>, put its slug <code>{tenantSlug}</code> or its id <code>{tenantId}</code>.
            </>
          ) : (
            credentials.tenant && (
              <>
                {' '}
                Where a path has <code>{'{t}'}</code>, put <code>{credentials.tenant}</code>.
              </>
            )
          )}
        </Typography>
        {addressing && <Markdownish text={addressing} variant="body1" />}
      </Part>

      {bearer && (
        <Part title="Getting a token">
          {bearer.description && <Markdownish text={bearer.description} variant="body1" />}
          {signIn && <CodeBlock code={signIn} label="Sign-in request" />}
          {refresh && <CodeBlock code={refresh} label="Token refresh request" />}
        </Part>
      )}

      {apiKey && (
        <Part title="API keys">
          {apiKey.description && <Markdownish text={apiKey.description} variant="body1" />}
          {credentials.ownKey ? (
            <Typography>
              Your newest private key starts with <code>{credentials.apiKey}</code>; the examples use that start, so paste the whole key you
              saved in its place.
            </Typography>
          ) : credentials.isOwner ? (
            <Typography>
              This tenant has no private key yet: create one under{' '}
              <Link component={RouterLink} to="/tenant/settings/api">
                Settings → API
              </Link>
              . The examples show <code>{credentials.apiKey}</code> in its place.
            </Typography>
          ) : (
            <Typography>
              The examples show <code>{credentials.apiKey}</code> where a tenant owner's private key goes.
            </Typography>
          )}
        </Part>
      )}

      {doc.info?.description && (
        <Part title="Conventions">
          <Markdownish text={doc.info.description} variant="body1" />
        </Part>
      )}

      <Typography sx={{ color: 'text.secondary' }}>
        Choose an endpoint to see its parameters, body, responses and an example. The same reference is at{' '}
        <Link href={`${base}/openapi.json`}>openapi.json</Link> for generating a client, and at{' '}
        <Link href={`${base}/docs`}>{`${base}/docs`}</Link> to try calls.
      </Typography>
    </Stack>
  );
}
