import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useExampleCredentials } from '../hooks/use-example-credentials.ts';
import {
  apiBase,
  findEndpoint,
  limitsOf,
  parametersOf,
  requestBodiesOf,
  responsesOf,
  schemaFields,
  securityOf,
  typeLabel,
  unwrapNullable,
  type OpenApiDocument,
  type OpenApiOperation,
  type ResponseInfo,
} from '../lib/openapi.ts';
import { curlExample, exampleCredential, mediaExample } from '../lib/openapi-example.ts';
import { useApiDocs } from './api-docs-page.tsx';
import { CodeBlock } from '../../../components/code-block.tsx';
import { Markdownish } from './markdownish.tsx';
import { MethodChip } from './method-chip.tsx';
import { SchemaTable } from './schema-table.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const tableBox = { border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' } as const;
// On a phone a secondary column folds into the cell beside it, so the table fits without scrolling sideways.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', sm: 'none' } } as const;

function MediaTypes({ types }: { types: string[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Media types">
      {types.map((t) => (
        <Chip key={t} label={t} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />
      ))}
    </Stack>
  );
}

function Authentication({ doc, op }: { doc: OpenApiDocument; op: OpenApiOperation }) {
  const options = securityOf(doc, op);
  return (
    <Section title="Authentication">
      {options.length === 0 ? (
        <Typography variant="body2">None: anyone may call it.</Typography>
      ) : (
        <Stack spacing={0.5}>
          {options.length > 1 && <Typography variant="body2">Any one of:</Typography>}
          {options.map((o) => (
            <Typography key={o.name} variant="body2">
              <strong>{o.label}</strong> · <code>{o.how}</code>
            </Typography>
          ))}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            How to get them: <RouterLink to="/tenant/docs">Calling the API</RouterLink>.
          </Typography>
        </Stack>
      )}
    </Section>
  );
}

function Parameters({ doc, op }: { doc: OpenApiDocument; op: OpenApiOperation }) {
  const parameters = parametersOf(doc, op);
  if (parameters.length === 0) return null;
  return (
    <Section title="Parameters">
      <TableContainer sx={tableBox}>
        <Table size="small" aria-label="Parameters">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={wideOnly}>In</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Description</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {parameters.map((p) => {
              const schema = p.schema ? unwrapNullable(doc, p.schema).schema : {};
              const notes = [...(schema.enum?.length ? [`one of ${schema.enum.map(String).join(', ')}`] : []), ...limitsOf(schema)];
              const description = p.description ?? schema.description;
              return (
                <TableRow key={`${p.in}-${p.name}`} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <code>{p.name}</code>
                    <Typography component="div" variant="caption" sx={{ ...narrowOnly, color: 'text.secondary' }}>
                      {p.in}
                    </Typography>
                    {p.required && (
                      <Typography component="div" variant="caption" sx={{ color: 'error.main' }}>
                        required
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={wideOnly}>{p.in}</TableCell>
                  <TableCell>
                    <code>{p.schema ? typeLabel(doc, p.schema) : 'string'}</code>
                  </TableCell>
                  <TableCell sx={{ minWidth: { xs: 120, sm: 160 } }}>
                    {description && <Markdownish text={description} />}
                    {notes.length > 0 && (
                      <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {notes.join(' · ')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

function RequestBodies({ doc, op }: { doc: OpenApiDocument; op: OpenApiOperation }) {
  const bodies = requestBodiesOf(doc, op);
  if (bodies.length === 0) return null;
  return (
    <Section title="Request body">
      {bodies.map((body) => {
        const fields = schemaFields(doc, body.media.schema);
        return (
          <Stack key={body.mediaType} spacing={1}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <MediaTypes types={[body.mediaType]} />
              {body.title && <code>{body.title}</code>}
              {body.required && (
                <Typography variant="caption" sx={{ color: 'error.main' }}>
                  required
                </Typography>
              )}
            </Stack>
            {body.description && <Markdownish text={body.description} />}
            {fields.length > 0 ? (
              <SchemaTable fields={fields} label={`Request body fields (${body.mediaType})`} />
            ) : (
              body.media.schema && <code>{typeLabel(doc, body.media.schema)}</code>
            )}
          </Stack>
        );
      })}
    </Section>
  );
}

function Headers({ response }: { response: ResponseInfo }) {
  if (response.headers.length === 0) return null;
  return (
    <TableContainer sx={tableBox}>
      <Table size="small" aria-label={`Response ${response.status} headers`}>
        <TableHead>
          <TableRow>
            <TableCell>Header</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {response.headers.map((h) => (
            <TableRow key={h.name}>
              <TableCell>
                <code>{h.name}</code>
              </TableCell>
              <TableCell>
                <code>{h.type}</code>
              </TableCell>
              <TableCell>{h.description && <Markdownish text={h.description} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SuccessResponse({ doc, response }: { doc: OpenApiDocument; response: ResponseInfo }) {
  const schema = response.media?.schema;
  const fields = schema ? schemaFields(doc, schema) : [];
  const json = response.mediaTypes.some((t) => t.includes('json'));
  const example = json ? mediaExample(doc, response.media) : null;
  return (
    <Stack spacing={1} component="article" aria-label={`Response ${response.status}`}>
      <Typography variant="subtitle2" component="h4">
        {response.status}
        {response.description ? ` · ${response.description}` : ''}
      </Typography>
      {response.mediaTypes.length > 0 ? (
        <MediaTypes types={response.mediaTypes} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No body.
        </Typography>
      )}
      <Headers response={response} />
      {fields.length > 0 ? (
        <SchemaTable fields={fields} label={`Response ${response.status} fields`} />
      ) : (
        schema && (
          <Typography variant="body2">
            <code>{typeLabel(doc, schema)}</code>
            {!json && ' (the bytes of the file, in one of the media types above)'}
          </Typography>
        )
      )}
      {example && (
        <>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Example
          </Typography>
          <CodeBlock code={JSON.stringify(example.value, null, 2)} label={`Example response ${response.status}`} />
          {!example.documented && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Built from the schema: the values show the types, not real data.
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

/** The error statuses in one table: they share the error envelope, shown once below it. */
function ErrorResponses({ doc, responses }: { doc: OpenApiDocument; responses: ResponseInfo[] }) {
  if (responses.length === 0) return null;
  const envelope = responses.find((r) => r.media?.schema)?.media?.schema;
  const fields = envelope ? schemaFields(doc, envelope) : [];
  return (
    <Stack spacing={1} component="article" aria-label="Errors">
      <Typography variant="subtitle2" component="h4">
        Errors
      </Typography>
      <TableContainer sx={tableBox}>
        <Table size="small" aria-label="Error responses">
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell>When</TableCell>
              <TableCell sx={wideOnly}>Example</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {responses.map((r) => {
              const example = mediaExample(doc, r.media);
              const error = (example?.documented ? example.value : null) as { error?: { type?: string; message?: string } } | null;
              return (
                <TableRow key={r.status} sx={{ verticalAlign: 'top' }}>
                  <TableCell>
                    <code>{r.status}</code>
                  </TableCell>
                  <TableCell sx={{ minWidth: { xs: 120, sm: 160 } }}>
                    {r.description && <Markdownish text={r.description} />}
                    {r.headers.map((h) => (
                      <Typography key={h.name} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                        Header <code>{h.name}</code>: {h.description}
                      </Typography>
                    ))}
                    {error?.error && (
                      <Typography variant="caption" component="div" sx={{ ...narrowOnly, color: 'text.secondary' }}>
                        <code>{error.error.type}</code> {error.error.message}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ ...wideOnly, minWidth: 160 }}>
                    {error?.error && (
                      <Typography variant="body2">
                        <code>{error.error.type}</code> {error.error.message}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {envelope && fields.length > 0 && (
        <>
          <Typography variant="body2">
            Every error body is <code>{typeLabel(doc, envelope)}</code>:
          </Typography>
          <SchemaTable fields={fields} label="Error body fields" />
        </>
      )}
    </Stack>
  );
}

/** /tenant/docs/api/:groupId/:endpointId */
export function ApiEndpointPage() {
  const { doc, groups } = useApiDocs();
  const { groupId = '', endpointId = '' } = useParams();
  const credentials = useExampleCredentials();
  const found = findEndpoint(groups, groupId, endpointId);

  if (!found) {
    return (
      <Stack spacing={2}>
        <Typography>This endpoint is not in the API any more.</Typography>
        <Button component={RouterLink} to="/tenant/docs" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
          All endpoints
        </Button>
      </Stack>
    );
  }
  const { group, endpoint } = found;
  const op = endpoint.operation;
  const curl = curlExample(doc, endpoint, {
    base: apiBase(doc, window.location.origin),
    pathValues: credentials.tenant ? { t: credentials.tenant } : {},
    apiKey: credentials.apiKey,
  });
  const credential = exampleCredential(doc, endpoint);
  const responses = responsesOf(doc, op);

  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/tenant/docs" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start', display: { md: 'none' } }}>
        All endpoints
      </Button>
      <Stack spacing={1}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {group.name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <MethodChip method={endpoint.method} />
          <Typography component="h2" variant="h6" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {endpoint.path}
          </Typography>
          {op.deprecated && <Chip label="Deprecated" size="small" color="warning" />}
        </Stack>
        {op.summary && <Typography variant="subtitle1">{op.summary}</Typography>}
        {op.operationId && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Operation ID{' '}
            <Box component="code" sx={{ color: 'text.primary' }}>
              {op.operationId}
            </Box>
          </Typography>
        )}
        {op.description && <Markdownish text={op.description} />}
      </Stack>

      <Authentication doc={doc} op={op} />
      <Parameters doc={doc} op={op} />
      <RequestBodies doc={doc} op={op} />

      <Section title="Example request">
        <CodeBlock code={curl} label="Example request" testId="curl-example" />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {credential === 'apiKey'
            ? credentials.ownKey
              ? 'Uses the start of your newest private key: paste the whole key you saved.'
              : 'Put a private API key of this tenant in place of the placeholder (a tenant owner creates one under Settings → API).'
            : credential === 'token'
              ? 'Set TOKEN to a session token first (see Calling the API for how to get one).'
              : 'No credentials needed.'}
          {/\{[^}]+\}/.test(curl.split('\n')[0] ?? '') && ' Path parameters still in braces are yours to fill in.'}
        </Typography>
      </Section>

      <Section title="Responses">
        {responses
          .filter((r) => !r.error)
          .map((r) => (
            <SuccessResponse key={r.status} doc={doc} response={r} />
          ))}
        <ErrorResponses doc={doc} responses={responses.filter((r) => r.error)} />
      </Section>
    </Stack>
  );
}
