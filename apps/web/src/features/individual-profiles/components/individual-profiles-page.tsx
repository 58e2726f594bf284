import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { countryName, formatDate, individualProfileName, type IndividualProfile } from '@tessera/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
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
  const [params, setParams] = useSearchParams();
  const creating = params.get('modal') === 'create';

  const setCreating = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('modal', 'create');
      else next.delete('modal');
      return next;
    });

  return (
    <Stack spacing={2}>
      <title>Individual Profiles</title>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Individual Profiles
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          New Profile
        </Button>
      </Stack>
      <DataGrid
        label="Individual profiles"
        rows={profiles.data}
        columns={columns}
        loading={profiles.isPending}
        error={profiles.error ?? undefined}
        onRowClick={(row) => void navigate(`${row._id}/details`)}
      />
      <CreateProfileDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(profile) => void navigate(`${profile._id}/details`)}
      />
    </Stack>
  );
}
