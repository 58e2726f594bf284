import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  accreditationAnswerLabel,
  DOCUMENT_ANSWER_KEYS,
  documentTypeLabels,
  type ApplicationDocument,
  type DocumentType,
} from '@tessera/domain';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../../components/list-page.tsx';
import { formatDate, formatRelativeOrDate } from '../../../../lib/format.ts';
import { useListParams } from '../../../../lib/list-params.ts';
import { useApplicationDocuments } from '../../api/list-application-documents.ts';
import { useApplicationContext } from './application-layout.tsx';

/** The types an application's evidence can have (001 §3), and the approval letter. */
const TYPES: readonly DocumentType[] = [
  ...new Set<DocumentType>([...Object.values(DOCUMENT_ANSWER_KEYS).map((k) => k.type), 'accredited-investor-letter']),
];

const columns: GridColDef<ApplicationDocument>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 180, sortable: false },
  {
    field: 'type',
    headerName: 'Type',
    width: 150,
    sortable: false,
    valueFormatter: (value: DocumentType) => documentTypeLabels[value],
  },
  {
    field: 'questionKey',
    headerName: 'Answer',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? accreditationAnswerLabel(value) : '—'),
  },
  {
    field: 'documentDate',
    headerName: 'Document date',
    width: 130,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? formatDate(value) : '—'),
  },
  {
    field: 'fileDate',
    headerName: 'File date',
    width: 120,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? formatDate(value) : '—'),
  },
  {
    field: 'fromEvaluator',
    headerName: 'From',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (row.fromEvaluator ? <Chip label="Evaluator" size="small" color="info" variant="outlined" /> : 'Applicant'),
  },
  {
    field: 'createdAt',
    headerName: 'Uploaded',
    width: 130,
    sortable: false,
    valueFormatter: (value: string) => formatRelativeOrDate(value),
  },
];

/** 001 §2 documents sub-view: the application's documents, filtered by type and search in the address; a row opens the document. */
export function ApplicationDocumentsTab() {
  const { application } = useApplicationContext();
  const navigate = useNavigate();
  const list = useListParams();
  const type = list.filter('type', TYPES);
  const result = useApplicationDocuments(application._id, { ...list.query, ...(type && { type }) });

  return (
    <ListPage
      title="Documents"
      headingLevel="h2"
      filters={
        <>
          <ListSearchField list={list} placeholder="Name or file name" />
          <ListFilterSelect
            list={list}
            param="type"
            label="Type"
            allLabel="All types"
            options={TYPES}
            labels={documentTypeLabels}
            minWidth={170}
          />
        </>
      }
    >
      <ServerDataGrid
        label="Application documents"
        columns={columns}
        list={list}
        result={result}
        height={520}
        emptyText={type ? 'No documents of this type' : 'No documents uploaded yet'}
        onRowClick={(row) => void navigate(`/document/${row._id}`)}
      />
    </ListPage>
  );
}
