import type { GridColDef } from '@mui/x-data-grid';
import { countryName, legalEntityTypeLabels, type LegalEntityProfile } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { GridSection } from '../../../components/grid-section.tsx';
import { useCreateModal } from '../../../lib/use-create-modal.ts';
import { useLegalEntityProfiles } from '../api/list-legal-entity-profiles.ts';
import { CreateLegalEntityDialog } from './create-legal-entity-dialog.tsx';

const columns: GridColDef<LegalEntityProfile>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  {
    field: 'legalEntityType',
    headerName: 'Type',
    flex: 1,
    minWidth: 150,
    valueFormatter: (value: LegalEntityProfile['legalEntityType']) => legalEntityTypeLabels[value],
  },
  {
    field: 'countryOfOrganization',
    headerName: 'Country',
    flex: 1,
    minWidth: 120,
    valueFormatter: (value: string | null) => countryName(value),
  },
  { field: 'createdAt', headerName: 'Created', width: 140, valueFormatter: (value: string) => formatDate(value) },
];

/** /user/{product}/legal-entity-profiles: the list, 'New Legal Entity', and the create modal at ?modal=create. */
export function LegalEntityProfilesPage() {
  const profiles = useLegalEntityProfiles();
  const navigate = useNavigate();
  const [creating, setCreating] = useCreateModal();

  return (
    <GridSection
      title="Legal Entity Profiles"
      addLabel="New Legal Entity"
      onAdd={() => setCreating(true)}
      label="Legal entity profiles"
      rows={profiles.data}
      columns={columns}
      loading={profiles.isPending}
      error={profiles.error ?? undefined}
      onRowClick={(row) => void navigate(`${row._id}/details`)}
    >
      <CreateLegalEntityDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(profile) => void navigate(`${profile._id}/details`)}
      />
    </GridSection>
  );
}
