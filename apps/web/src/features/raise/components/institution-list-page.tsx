import Search from '@mui/icons-material/Search';
import { InputAdornment, Pagination, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useTeamInstitutions } from '../api/list-team-institutions.ts';
import { useRaiseMode } from '../hooks/use-raise-mode.ts';
import { NoInstitutionAccess, NoInstitutionsFound } from './institution-empty-states.tsx';
import { InstitutionOptions, InstitutionOptionsSkeleton } from './institution-options.tsx';
import { searchTerm } from './select-institution-dialog.tsx';

const PAGE_SIZE = 20;

/** /institution/list (002 §1): the institutions the user is on the team of, searchable; a click picks one. */
export function InstitutionListPage() {
  const { tenantId } = useTenant();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const { institutionId, setMode, pending } = useRaiseMode();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = searchTerm(useDebouncedValue(text));
  const list = useTeamInstitutions(tenantId ?? '', { search, page, limit: PAGE_SIZE });
  const pages = list.data ? Math.ceil(list.data.meta.total / PAGE_SIZE) : 0;

  let body;
  if (list.isPending) body = <InstitutionOptionsSkeleton rows={5} />;
  else if (list.isError) body = <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.meta.total === 0) body = search ? <NoInstitutionsFound /> : <NoInstitutionAccess />;
  else {
    body = (
      <InstitutionOptions
        label="Your institutions"
        institutions={list.data.data}
        selectedId={institutionId}
        disabled={pending}
        onPick={(picked) => {
          // setMode reports its own failure and answers null: its promise never rejects.
          void setMode('institution', picked._id).then((member) => {
            if (!member) return;
            const back = from && from.pathname !== '/institution/list' ? `${from.pathname}${from.search}` : '/institution/dashboard';
            void navigate(back);
          });
        }}
      />
    );
  }

  return (
    <Stack spacing={3}>
      <title>Institutions</title>
      <div>
        <Typography component="h1" variant="h4">
          Institutions
        </Typography>
        <Typography color="text.secondary">The institutions whose team you are on. Pick one to work on.</Typography>
      </div>
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPage(1);
        }}
        placeholder="Search institutions"
        size="small"
        sx={{ maxWidth: { sm: 400 } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search institutions' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Paper variant="outlined" sx={{ p: 1 }}>
        {body}
      </Paper>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ alignSelf: 'center' }} />}
    </Stack>
  );
}
