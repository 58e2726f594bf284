import type { GridColDef } from '@mui/x-data-grid';
import { countryName, individualProfileName, type IndividualProfile } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { GridSection } from '../../../components/grid-section.tsx';
import { useCreateModal } from '../../../lib/use-create-modal.ts';
import { useIndividualProfiles } from '../api/list-individual-profiles.ts';
import { CreateProfileDialog } from './create-profile-dialog.tsx';

const columns: GridColDef<IndividualProfile>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, valueGetter: (_value, row) => individualProfileName(row) },
  { field: 'citizenship', headerName: 'Citizenship', flex: 1, minWidth: 140, valueFormatter: (value: string | null) => countryName(value) },
  { field: 'createdAt', headerName: 'Created', width: 140, valueFormatter: (value: string) => formatDate(value) },
];

/** /user/{product}/individual-profiles: the list, 'New Profile', and the create modal at ?modal=create. */
export function IndividualProfilesPage() {
  const profiles = useIndividualProfiles();
  const navigate = useNavigate();
  const [creating, setCreating] = useCreateModal();

  return (
    <GridSection
      title="Individual Profiles"
      addLabel="New Profile"
      onAdd={() => setCreating(true)}
      label="Individual profiles"
      rows={profiles.data}
      columns={columns}
      loading={profiles.isPending}
      error={profiles.error ?? undefined}
      onRowClick={(row) => void navigate(`${row._id}/details`)}
    >
      <CreateProfileDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(profile) => void navigate(`${profile._id}/details`)}
      />
    </GridSection>
  );
}
