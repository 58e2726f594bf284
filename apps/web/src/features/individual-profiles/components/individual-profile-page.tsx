import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { individualProfileName } from '@tessera/domain';
import { useEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeleteIndividualProfile } from '../api/delete-individual-profile.ts';
import { useIndividualProfile } from '../api/get-individual-profile.ts';
import { ProfileImage } from './profile-image.tsx';

const TABS = [
  { path: 'details', label: 'Details' },
  { path: 'contact', label: 'Contact' },
  { path: 'financial-accounts', label: 'Financial Accounts' },
  { path: 'identity', label: 'Identity' },
] as const;

/** The profile id of the page's route (the tabs render inside it). */
export function useProfileId(): string {
  return useParams().individualProfileId ?? '';
}

/** /user/{product}/individual-profiles/{id}: header with image, name and 'All Profiles'; tabs render in the outlet. */
export function IndividualProfilePage() {
  const id = useProfileId();
  const profile = useIndividualProfile(id);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const base = pathname.slice(0, pathname.indexOf(id) + id.length);
  const current = TABS.find((tab) => pathname.startsWith(`${base}/${tab.path}`))?.path ?? false;

  // §2: the page reloads when refresh=true, then drops the parameter.
  const refresh = params.get('refresh') === 'true';
  const { refetch } = profile;
  useEffect(() => {
    if (!refresh) return;
    void refetch();
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('refresh');
        return next;
      },
      { replace: true },
    );
  }, [refresh, refetch, setParams]);

  const allProfiles = base.slice(0, base.lastIndexOf('/'));
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteIndividualProfile(id, () => navigate(allProfiles, { replace: true }));
  const askDelete = () => {
    const name = profile.data ? individualProfileName(profile.data) : 'this profile';
    confirm({
      title: 'Delete Profile',
      message: `Delete ${name}? Its contact items go with it, and legal entities and documents lose their link to it. This action is irreversible.`,
      confirmLabel: 'Delete Profile',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync();
        enqueueSnackbar(`Deleted ${name}`, { variant: 'success' });
      },
    });
  };

  return (
    <Stack spacing={2}>
      {confirmDialog}
      {profile.data && <title>{individualProfileName(profile.data)}</title>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {profile.data && <ProfileImage profile={profile.data} />}
          <Box sx={{ flex: 1, minWidth: 160 }}>
            <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
              {profile.data ? individualProfileName(profile.data) : '\u00a0'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Individual profile
            </Typography>
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={allProfiles} startIcon={<ArrowBack />} variant="outlined">
              All Profiles
            </Button>
            <Button color="error" startIcon={<DeleteOutlined />} variant="outlined" onClick={askDelete} disabled={!profile.data}>
              Delete
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Profile sections">
        {TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={`${base}/${tab.path}`} />
        ))}
      </Tabs>
      {profile.isPending ? (
        <SkeletonList rows={5} label="Loading profile" />
      ) : profile.isError ? (
        <ErrorBlock error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Outlet />
      )}
    </Stack>
  );
}
