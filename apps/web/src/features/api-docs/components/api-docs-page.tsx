import { Box, List, ListItemButton, ListItemText, ListSubheader, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Link as RouterLink, Outlet, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useOpenApi } from '../api/get-openapi.ts';
import { groupEndpoints, type EndpointGroup, type OpenApiDocument } from '../lib/openapi.ts';
import { MethodChip } from './method-chip.tsx';

interface DocsContext {
  doc: OpenApiDocument;
  groups: EndpointGroup[];
}

export const useApiDocs = () => useOutletContext<DocsContext>();

function EndpointList({ groups }: { groups: EndpointGroup[] }) {
  const { groupId, endpointId } = useParams();
  return (
    <Paper variant="outlined" component="nav" aria-label="API endpoints">
      <List dense disablePadding>
        {groups.map((group) => (
          <li key={group.id}>
            <ul style={{ padding: 0 }}>
              <ListSubheader sx={{ lineHeight: 2.5 }}>{group.name}</ListSubheader>
              {group.endpoints.map((e) => (
                <ListItemButton
                  key={e.id}
                  component={RouterLink}
                  to={`/tenant/docs/api/${group.id}/${e.id}`}
                  selected={group.id === groupId && e.id === endpointId}
                  sx={{ gap: 1, alignItems: 'flex-start' }}
                >
                  <MethodChip method={e.method} />
                  <ListItemText
                    primary={e.path}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' } } }}
                  />
                </ListItemButton>
              ))}
            </ul>
          </li>
        ))}
      </List>
    </Paper>
  );
}

/** /tenant/docs: the API reference, rendered from the server's OpenAPI document. */
export function ApiDocsPage() {
  const docs = useOpenApi();
  const { endpointId } = useParams();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const groups = docs.data ? groupEndpoints(docs.data) : [];

  return (
    <Stack spacing={2}>
      <title>API docs</title>
      <Typography component="h1" variant="h4">
        API docs
      </Typography>
      {docs.isPending ? (
        <SkeletonList label="Loading API docs" />
      ) : docs.isError ? (
        <ErrorBlock error={docs.error} onRetry={() => void docs.refetch()} />
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, alignItems: 'start' }}
        >
          {/* On narrow screens the list and an endpoint take turns. */}
          {(wide || !endpointId) && (
            <Box sx={{ position: { md: 'sticky' }, top: { md: 80 }, maxHeight: { md: 'calc(100vh - 100px)' }, overflowY: { md: 'auto' } }}>
              <EndpointList groups={groups} />
            </Box>
          )}
          {(wide || endpointId) && (
            <Box sx={{ minWidth: 0 }}>
              <Outlet context={{ doc: docs.data, groups } satisfies DocsContext} />
            </Box>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** /tenant/docs with no endpoint chosen. */
export function ApiDocsIntro() {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Calling the API
      </Typography>
      <Typography>
        Every call goes to <code>/api/v1</code> on your tenant's own address. Server-to-server calls authenticate with a private API key
        (Settings → API) sent as <code>Authorization: Bearer tsk_live_…</code>; it acts as the tenant owner on the tenant administration
        calls.
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>Choose an endpoint to see its parameters, body and responses.</Typography>
    </Stack>
  );
}
