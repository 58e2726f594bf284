import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Box, Button, Chip, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import {
  documentEntityType, documentEntityTypeLabels, documentType, documentTypeLabels, formatDate, formatFileSize, PAGE_LIMIT_DEFAULT,
  type DocumentEntityType, type DocumentRecord, type DocumentType,
} from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useDocuments } from '../api/list-documents.ts';
import { DocumentUploadDialog } from './document-upload-dialog.tsx';

const columns: GridColDef<DocumentRecord>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 160, sortable: false },
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 130, sortable: false, valueFormatter: (value: DocumentType) => documentTypeLabels[value] },
  { field: 'entityType', headerName: 'Entity Type', width: 120, sortable: false, valueFormatter: (value: DocumentEntityType) => documentEntityTypeLabels[value] },
  {
    field: 'tags', headerName: 'Tags', flex: 1, minWidth: 140, sortable: false,
    renderCell: ({ value }: { value?: string[] }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
        {value?.map((tag) => <Chip key={tag} label={tag} size="small" />)}
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
  const [searchText, setSearchText] = useState('');
  const [type, setType] = useState<DocumentType | ''>('');
  const [entityType, setEntityType] = useState<DocumentEntityType | ''>('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const search = useListSearch(searchText);
  const query = { page: paging.page + 1, limit: paging.pageSize, ...(search && { search }), ...(type && { type }), ...(entityType && { entityType }) };
  const { data, isFetching, error } = useDocuments(query);
  const resetPage = () => setPaging((p) => ({ ...p, page: 0 }));

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1400, mx: 'auto', boxSizing: 'border-box' }}>
      <title>Documents</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h4" component="h1">
          Documents
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => void navigate('/document/create')}>
          Upload
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            resetPage();
          }}
          size="small"
          sx={{ flex: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <TextField select label="Type" size="small" value={type} onChange={(e) => { setType(e.target.value as DocumentType | ''); resetPage(); }} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">All types</MenuItem>
          {documentType.options.map((value) => <MenuItem key={value} value={value}>{documentTypeLabels[value]}</MenuItem>)}
        </TextField>
        <TextField select label="Entity Type" size="small" value={entityType} onChange={(e) => { setEntityType(e.target.value as DocumentEntityType | ''); resetPage(); }} sx={{ flex: 1, minWidth: 140 }}>
          <MenuItem value="">All entity types</MenuItem>
          {documentEntityType.options.map((value) => <MenuItem key={value} value={value}>{documentEntityTypeLabels[value]}</MenuItem>)}
        </TextField>
      </Stack>
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Documents"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => void navigate(`/document/${row._id}`)}
        />
      </Box>
      <DocumentUploadDialog open={creating} onClose={() => void navigate('/document')} onUploaded={(doc) => void navigate(`/document/${doc._id}`)} />
    </Box>
  );
}

export function DocumentCreatePage() {
  return <DocumentsPage creating />;
}
