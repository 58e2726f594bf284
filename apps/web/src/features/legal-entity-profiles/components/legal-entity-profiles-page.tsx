import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { countryName, formatDate, legalEntityTypeLabels, type LegalEntityProfile } from '@tessera/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
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
      <title>Legal Entity Profiles</title>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Legal Entity Profiles
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          New Legal Entity
        </Button>
      </Stack>
      <DataGrid
        label="Legal entity profiles"
        rows={profiles.data}
        columns={columns}
        loading={profiles.isPending}
        error={profiles.error ?? undefined}
        onRowClick={(row) => void navigate(`${row._id}/details`)}
      />
      <CreateLegalEntityDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(profile) => void navigate(`${profile._id}/details`)}
      />
    </Stack>
  );
}
