import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { API_KEY_PREFIX } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useApiKeys } from '../../api-keys/index.ts';
import {
  curlExample,
  findEndpoint,
  groupResponses,
  jsonSchemaOf,
  limitsOf,
  schemaFields,
  typeLabel,
  unwrapNullable,
} from '../lib/openapi.ts';
import { useApiDocs } from './api-docs-page.tsx';
import { MethodChip } from './method-chip.tsx';
import { SchemaTable } from './schema-table.tsx';

/** The little markdown the route descriptions use: paragraphs, **bold** and `code`. */
function Markdownish({ text }: { text: string }) {
  return (
    <Stack spacing={1}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <Typography key={i} variant="body2">
          {paragraph
            .split(/(\*\*[^*]+\*\*|`[^`]+`)/)
            .map(
              (part, j): ReactNode =>
                part.startsWith('**') ? (
                  <strong key={j}>{part.slice(2, -2)}</strong>
                ) : part.startsWith('`') ? (
                  <code key={j}>{part.slice(1, -1)}</code>
                ) : (
                  <Fragment key={j}>{part}</Fragment>
                ),
            )}
        </Typography>
      ))}
    </Stack>
  );
}

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

/** /tenant/docs/api/:groupId/:endpointId */
export function ApiEndpointPage() {
  const { doc, groups } = useApiDocs();
  const { groupId = '', endpointId = '' } = useParams();
  const { tenantId } = useTenant();
  const keys = useApiKeys(tenantId ? { tenantId } : null);
  const { enqueueSnackbar } = useSnackbar();
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
  const newestPrivate = keys.data?.find((k) => k.kind === 'private' && !k.revokedAt);
  const keyText = newestPrivate ? `${newestPrivate.prefix}…` : `${API_KEY_PREFIX.private}…`;
  const curl = curlExample(window.location.origin, endpoint, keyText, doc);
  const parameters = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const body = jsonSchemaOf(op.requestBody?.content);
  const copy = () =>
    navigator.clipboard.writeText(curl).then(
      () => enqueueSnackbar('Copied', { variant: 'info' }),
      () => undefined,
    );

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
        </Stack>
        {op.summary && <Typography variant="subtitle1">{op.summary}</Typography>}
        {op.description && <Markdownish text={op.description} />}
      </Stack>

      {parameters.length > 0 && (
        <Section title="Parameters">
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
            <Table size="small" aria-label="Parameters">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>In</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Description</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {parameters.map((p) => {
                  const schema = p.schema ? unwrapNullable(doc, p.schema).schema : {};
                  const notes = [...(schema.enum?.length ? [`one of ${schema.enum.map(String).join(', ')}`] : []), ...limitsOf(schema)];
                  return (
                    <TableRow key={`${p.in}-${p.name}`} sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <code>{p.name}</code>
                        {p.required && (
                          <Typography component="div" variant="caption" sx={{ color: 'error.main' }}>
                            required
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{p.in}</TableCell>
                      <TableCell>
                        <code>{p.schema ? typeLabel(doc, p.schema) : 'string'}</code>
                      </TableCell>
                      <TableCell>
                        {(p.description ?? schema.description) && (
                          <Typography variant="body2">{p.description ?? schema.description}</Typography>
                        )}
                        {notes.length > 0 && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
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
      )}

      {body && (
        <Section title="Request body">
          <SchemaTable fields={schemaFields(doc, body)} label="Request body fields" />
        </Section>
      )}

      <Section title="Example request">
        <Paper variant="outlined" sx={{ position: 'relative', p: 2, pr: 6, bgcolor: 'action.hover' }}>
          <Box component="pre" sx={{ m: 0, fontSize: '0.8rem', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="curl-example">
            {curl}
          </Box>
          <Tooltip title="Copy">
            <IconButton aria-label="Copy example request" onClick={() => void copy()} sx={{ position: 'absolute', top: 4, right: 4 }}>
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        </Paper>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {newestPrivate
            ? 'Uses the start of your newest private key: paste the whole key you saved.'
            : 'Generate a private key under Settings → API and put it in place of the placeholder.'}
        </Typography>
      </Section>
      <Section title="Responses">
        {groupResponses(op).map(({ statuses, description, schema }) => {
          const fields = schema ? schemaFields(doc, schema) : [];
          const title = statuses.join(', ');
          return (
            <Stack key={title} spacing={1}>
              <Typography variant="subtitle2">
                {title}
                {description ? ` · ${description}` : ''}
              </Typography>
              {fields.length > 0 ? (
                <SchemaTable fields={fields} label={`Response ${title} fields`} />
              ) : (
                schema && <code>{typeLabel(doc, schema)}</code>
              )}
            </Stack>
          );
        })}
      </Section>
    </Stack>
  );
}
