import { Stack, Typography } from '@mui/material';
import { institutionDisplayName } from '@tessera/domain';
import { Outlet } from 'react-router';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useInstitutionInView } from '../hooks/use-institution-in-view.ts';
import { InstitutionLogo } from './institution-logo.tsx';
import { InstitutionTabs } from './institution-tabs.tsx';

const TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'contact', label: 'Contact' },
  { segment: 'team', label: 'Team' },
  { segment: 'media', label: 'Media' },
  { segment: 'api', label: 'API' },
  { segment: 'billing', label: 'Billing' },
  { segment: 'history', label: 'History' },
] as const;

/** /institution/settings: the picked institution's Details, Contact, Team, Media, API keys, Billing and History (002 §2 institution settings, §7). */
export function InstitutionSettingsPage() {
  const { query } = useInstitutionInView();
  // A failure to load never reaches this page: the institution layout sends it to /404 (002 §8).
  const { data } = query;
  return (
    <Stack spacing={2}>
      <title>Settings</title>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        {data && <InstitutionLogo institution={data} size={48} />}
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            Settings
          </Typography>
          {data && (
            <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
              {institutionDisplayName(data)}
            </Typography>
          )}
        </Stack>
      </Stack>
      {!data ? (
        <SkeletonList rows={6} label="Loading institution" />
      ) : (
        <>
          <InstitutionTabs base="/institution/settings" tabs={TABS} label="Settings sections" />
          <Outlet />
        </>
      )}
    </Stack>
  );
}
