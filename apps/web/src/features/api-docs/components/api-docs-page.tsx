import {
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
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
              {/* Each link in its list item (axe 'list'), named by what it shows: method, path and summary. */}
              {group.endpoints.map((e) => (
                <ListItem key={e.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={`/tenant/docs/api/${group.id}/${e.id}`}
                    selected={group.id === groupId && e.id === endpointId}
                    sx={{ gap: 1, alignItems: 'flex-start' }}
                  >
                    <MethodChip method={e.method} />
                    <ListItemText
                      primary={e.path}
                      secondary={e.operation.summary}
                      slotProps={{
                        primary: { sx: { fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' } },
                        secondary: { sx: { fontSize: '0.75rem' } },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
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
          {/* On narrow screens an endpoint replaces the list; the introduction comes before it. */}
          {(wide || !endpointId) && (
            <Box
              sx={{
                order: { xs: 1, md: 0 },
                position: { md: 'sticky' },
                top: { md: 80 },
                maxHeight: { md: 'calc(100vh - 100px)' },
                overflowY: { md: 'auto' },
              }}
            >
              <EndpointList groups={groups} />
            </Box>
          )}
          <Box sx={{ minWidth: 0, order: { xs: 0, md: 1 } }}>
            <Outlet context={{ doc: docs.data, groups } satisfies DocsContext} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}
