import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { documentTypeLabels, type DocumentRecord } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { RecordPage } from '../../../components/record-page.tsx';
import { useDocument } from '../api/get-document.ts';

export interface DocumentOutletContext {
  document: DocumentRecord;
}

export const useDocumentContext = () => useOutletContext<DocumentOutletContext>();

/** /document/:documentId with tabs Details, History and (for those who may share) Access. */
export function DocumentPage() {
  const { documentId = '' } = useParams();
  const { pathname } = useLocation();
  const documentQuery = useDocument(documentId);
  const base = `/document/${documentId}`;
  const tab = pathname.endsWith('/history') ? 'history' : pathname.endsWith('/access') ? 'access' : 'details';

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1100, mx: 'auto', boxSizing: 'border-box' }}>
      <RecordPage backTo="/document" backLabel="All Documents" query={documentQuery} skeletonRows={6}>
        {(data) => (
          <>
            <title>{data.name}</title>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {data.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {documentTypeLabels[data.type]} · {data.originalName}
            </Typography>
            <Stack sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
              <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label="Document sections">
                <Tab label="Details" value="details" component={RouterLink} to={base} />
                <Tab label="History" value="history" component={RouterLink} to={`${base}/history`} />
                {data.rights.share && <Tab label="Access" value="access" component={RouterLink} to={`${base}/access`} />}
              </Tabs>
            </Stack>
            <Outlet context={{ document: data } satisfies DocumentOutletContext} />
          </>
        )}
      </RecordPage>
    </Box>
  );
}
