import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { Institution } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useTeamInstitutions } from '../api/list-team-institutions.ts';
import { useRaiseMode } from '../hooks/use-raise-mode.ts';
import { NoInstitutionAccess, NoInstitutionsFound } from './institution-empty-states.tsx';
import { InstitutionOptions, InstitutionOptionsSkeleton } from './institution-options.tsx';

/** The picker shows at most 5 matches (000 §9); 'View All' leads to the full list. */
const PICKER_LIMIT = 5;
/** Search suggests only after more than 2 characters (002 §5). */
export const searchTerm = (text: string) => (text.trim().length > 2 ? text.trim() : undefined);

/**
 * 'Select an institution' (002 §2): the account's e-mail as subtitle, the caller's institutions with name,
 * id and logo. Picking one stores it and goes to `returnTo` (the origin location, or where to go given the
 * pick) or the root; closing goes to the institution root.
 */
export function SelectInstitutionDialog({
  open,
  onClose,
  returnTo,
}: {
  open: boolean;
  onClose: () => void;
  returnTo?: string | ((picked: Institution) => string);
}) {
  const { tenantId } = useTenant();
  const navigate = useNavigate();
  const { email, institutionId, setMode, pending } = useRaiseMode();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const search = searchTerm(useDebouncedValue(text));
  const list = useTeamInstitutions(open ? (tenantId ?? '') : '', { search, limit: PICKER_LIMIT });

  const close = () => {
    onClose();
    void navigate('/institution');
  };

  let body;
  if (list.isPending) body = <InstitutionOptionsSkeleton />;
  else if (list.isError) body = <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.meta.total === 0) body = search ? <NoInstitutionsFound /> : <NoInstitutionAccess />;
  else {
    body = (
      <InstitutionOptions
        label="Institutions"
        institutions={list.data.data}
        selectedId={institutionId}
        disabled={pending}
        onPick={(picked) => {
          // setMode reports its own failure and answers null: its promise never rejects.
          void setMode('institution', picked._id).then((member) => {
            if (!member) return;
            onClose();
            void navigate((typeof returnTo === 'function' ? returnTo(picked) : returnTo) ?? '/');
          });
        }}
      />
    );
  }
  const total = list.data?.meta.total ?? 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="select-institution-title">
      <DialogTitle id="select-institution-title" sx={{ pr: 6 }}>
        Select an institution
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 2 } }}>
        {(search || total > 0) && (
          <Box sx={{ px: 1, pb: 1 }}>
            <TextField
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search institutions"
              size="small"
              fullWidth
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
          </Box>
        )}
        {body}
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/institution/list" onClick={onClose}>
          {total > PICKER_LIMIT ? `View All (${total})` : 'View All'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
