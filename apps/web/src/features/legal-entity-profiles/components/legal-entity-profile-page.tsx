import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { legalEntityTypeLabels, type LegalEntityProfile } from '@tessera/domain';
import { useEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeleteLegalEntityProfile } from '../api/delete-legal-entity-profile.ts';
import { useLegalEntityProfile } from '../api/get-legal-entity-profile.ts';
import { LegalEntityImage } from './legal-entity-image.tsx';

/** §2: the tabs of a legal entity (financial-accounts and legal are routes with placeholder cards). */
export const LEGAL_ENTITY_TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'ownership', label: 'Ownership' },
  { segment: 'contact', label: 'Contact' },
] as const;

/** The profile the tab routes render, from the page's outlet. */
export function useLegalEntityOutlet(): LegalEntityProfile {
  return useOutletContext<LegalEntityProfile>();
}

/** /user/{product}/legal-entity-profiles/{id}: header with 'All Legal Entities', image and name; tabs; reloads on refresh=true. */
export function LegalEntityProfilePage() {
  const { product = 'passport', legalEntityProfileId = '' } = useParams();
  const profile = useLegalEntityProfile(legalEntityProfileId);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const base = `/user/${product}/legal-entity-profiles`;
  const segment = pathname.split('/').at(-1);
  const current = LEGAL_ENTITY_TABS.find((t) => t.segment === segment)?.segment ?? false;
  const refresh = params.get('refresh') === 'true';
  const { refetch } = profile;
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteLegalEntityProfile(legalEntityProfileId, () => navigate(base, { replace: true }));
  const askDelete = () => {
    const name = profile.data?.displayname ?? profile.data?.name ?? 'this legal entity';
    confirm({
      title: 'Delete Legal Entity',
      message: `Delete ${name}? Its stakeholders and image go with it, and entities under it lose their parent link. This action is irreversible.`,
      confirmLabel: 'Delete Legal Entity',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync();
        enqueueSnackbar(`Deleted ${name}`, { variant: 'success' });
      },
    });
  };

  useEffect(() => {
    if (!refresh) return;
    void refetch();
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.delete('refresh');
        return next;
      },
      { replace: true },
    );
  }, [refresh, refetch, setParams]);

  return (
    <Stack spacing={2}>
      {confirmDialog}
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={base} startIcon={<ArrowBack />}>
          All Legal Entities
        </Button>
        <Button color="error" startIcon={<DeleteOutlined />} onClick={askDelete} disabled={!profile.data}>
          Delete
        </Button>
      </Stack>
      {profile.isPending ? (
        <SkeletonList rows={4} label="Loading legal entity" />
      ) : profile.isError ? (
        <ErrorBlock error={profile.error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>{profile.data.name}</title>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <LegalEntityImage profile={profile.data} />
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {profile.data.displayname ?? profile.data.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {legalEntityTypeLabels[profile.data.legalEntityType]}
              </Typography>
            </Stack>
          </Stack>
          <Tabs
            value={current}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Legal entity sections"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {LEGAL_ENTITY_TABS.map((t) => (
              <Tab
                key={t.segment}
                value={t.segment}
                label={t.label}
                component={RouterLink}
                to={`${base}/${legalEntityProfileId}/${t.segment}`}
              />
            ))}
          </Tabs>
          <Outlet context={profile.data} />
        </>
      )}
    </Stack>
  );
}
