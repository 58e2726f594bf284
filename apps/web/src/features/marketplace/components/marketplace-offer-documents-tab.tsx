import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import { Button, Card, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatFileSize, type MarketplaceDocumentFile } from '@tessera/domain';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDownloadMarketplaceDocument } from '../api/download-marketplace-document.ts';
import { useMarketplaceOfferDocuments } from '../api/list-marketplace-offer-documents.ts';
import { useMarketplaceEvent } from '../hooks/use-marketplace-event.ts';
import { useMarketplaceOfferContext } from './marketplace-offer-page.tsx';

/** The file's extension ('report.docx' reads 'DOCX'), else the last word of its MIME subtype ('application/pdf' reads 'PDF'). */
function fileKind(doc: Pick<MarketplaceDocumentFile, 'originalName' | 'mimeType'>): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(doc.originalName)?.[1];
  if (extension) return extension.toUpperCase();
  return ((doc.mimeType.split('/')[1] ?? doc.mimeType).split(/[.+;-]/).pop() ?? doc.mimeType).toUpperCase();
}

const SKELETON_ROWS = 3;
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The Documents tab (001 §2): each visible document to view in a new tab or download (fetched as binary). */
export function MarketplaceOfferDocumentsTab() {
  const { tenantId, offer } = useMarketplaceOfferContext();
  const { data, error, isPending, refetch } = useMarketplaceOfferDocuments(tenantId, offer._id);
  const download = useDownloadMarketplaceDocument();
  const record = useMarketplaceEvent();
  const { enqueueSnackbar } = useSnackbar();

  const view = (doc: MarketplaceDocumentFile) => {
    record('document-view', { offer: offer._id, document: doc._id });
    window.open(doc.url, '_blank', 'noopener');
  };
  const save = (doc: MarketplaceDocumentFile) => {
    record('document-download', { offer: offer._id, document: doc._id });
    download.mutate(doc, { onError: (e) => enqueueSnackbar(`Download failed: ${errorMessage(e)}`, { variant: 'error' }) });
  };

  if (error) return <ErrorBlock error={error} onRetry={() => void refetch()} />;
  if (!isPending && data.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>No documents yet</Typography>
      </Card>
    );
  }

  return (
    <TableContainer component={Card} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label="Offer documents" aria-busy={isPending}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={wide}>Type</TableCell>
            <TableCell sx={wide}>Size</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="skeleton-row">
                  <TableCell>
                    <Skeleton width="70%" />
                  </TableCell>
                  <TableCell sx={wide}>
                    <Skeleton width={40} />
                  </TableCell>
                  <TableCell sx={wide}>
                    <Skeleton width={50} />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton width={120} sx={{ ml: 'auto' }} />
                  </TableCell>
                </TableRow>
              ))
            : data.map((doc) => (
                <TableRow key={doc._id}>
                  <TableCell sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {doc.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {doc.originalName}
                      <Typography component="span" variant="caption" sx={{ display: { sm: 'none' } }}>
                        {` · ${fileKind(doc)} · ${formatFileSize(doc.size)}`}
                      </Typography>
                    </Typography>
                  </TableCell>
                  <TableCell sx={wide}>{fileKind(doc)}</TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatFileSize(doc.size)}</TableCell>
                  <TableCell align="right">
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
                      <Button size="small" startIcon={<Visibility />} onClick={() => view(doc)} aria-label={`View ${doc.name}`}>
                        View
                      </Button>
                      <Button
                        size="small"
                        startIcon={<Download />}
                        onClick={() => save(doc)}
                        loading={download.isPending && download.variables?._id === doc._id}
                        aria-label={`Download ${doc.name}`}
                      >
                        Download
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
