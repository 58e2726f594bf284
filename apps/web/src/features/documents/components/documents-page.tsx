import Add from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  documentEntityType,
  documentEntityTypeLabels,
  documentType,
  documentTypeLabels,
  formatFileSize,
  type DocumentEntityType,
  type DocumentRecord,
  type DocumentType,
} from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useDocuments } from '../api/list-documents.ts';
import { DocumentUploadDialog } from './document-upload-dialog.tsx';

const columns: GridColDef<DocumentRecord>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 160, sortable: false },
  {
    field: 'type',
    headerName: 'Type',
    flex: 1,
    minWidth: 130,
    sortable: false,
    valueFormatter: (value: DocumentType) => documentTypeLabels[value],
  },
  {
    field: 'entityType',
    headerName: 'Entity Type',
    width: 120,
    sortable: false,
    valueFormatter: (value: DocumentEntityType) => documentEntityTypeLabels[value],
  },
  {
    field: 'tags',
    headerName: 'Tags',
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ value }: { value?: string[] }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
        {value?.map((tag) => (
          <Chip key={tag} label={tag} size="small" />
        ))}
      </Stack>
    ),
  },
  { field: 'size', headerName: 'Size', width: 90, sortable: false, valueFormatter: (value: number) => formatFileSize(value) },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
  { field: 'updatedAt', headerName: 'Updated', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /document: the caller's documents and those shared with them; /document/create opens the upload dialog over it. */
export function DocumentsPage({ creating = false }: { creating?: boolean }) {
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const type = list.filter('type', documentType.options);
  const entityType = list.filter('entityType', documentEntityType.options);
  const result = useDocuments({ ...list.query, ...(type && { type }), ...(entityType && { entityType }) });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1400, mx: 'auto', boxSizing: 'border-box' }}>
      <ListPage
        title="Documents"
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => void navigate('/document/create')}>
            Upload
          </Button>
        }
        filters={
          <>
            <ListSearchField list={list} />
            <ListFilterSelect
              list={list}
              param="type"
              label="Type"
              allLabel="All types"
              options={documentType.options}
              labels={documentTypeLabels}
              minWidth={160}
            />
            <ListFilterSelect
              list={list}
              param="entityType"
              label="Entity Type"
              allLabel="All entity types"
              options={documentEntityType.options}
              labels={documentEntityTypeLabels}
              minWidth={140}
            />
          </>
        }
      >
        <ServerDataGrid
          label="Documents"
          columns={columns}
          list={list}
          result={result}
          onRowClick={(row) => void navigate(`/document/${row._id}`)}
        />
        <DocumentUploadDialog
          open={creating}
          onClose={() => void navigate('/document')}
          onUploaded={(doc) => void navigate(`/document/${doc._id}`)}
        />
      </ListPage>
    </Box>
  );
}

export function DocumentCreatePage() {
  return <DocumentsPage creating />;
}
