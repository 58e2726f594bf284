import ArrowBack from '@mui/icons-material/ArrowBack';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import { Box, Button, IconButton, Stack, Tab, Tabs, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import type { TenantLead } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useLead } from '../api/get-lead.ts';
import { LEADS_PATH, leadDetailPath, leadName } from './lead-names.ts';
import { LeadProfilePanel } from './lead-profile-panel.tsx';
import { Pii, PiiProvider, PII_MASK, usePii } from './lead-pii.tsx';
import { LeadSidePanel } from './lead-side-panel.tsx';

export interface LeadOutletContext {
  tenantId: string;
  lead: TenantLead;
}
export const useLeadContext = () => useOutletContext<LeadOutletContext>();

/** Activity is the lead's own address (no segment); the others are a segment below it. */
const TABS = [
  { segment: '', label: 'Activity' },
  { segment: 'notes', label: 'Notes' },
  { segment: 'emails', label: 'Emails' },
  { segment: 'messages', label: 'Messages' },
  { segment: 'documents', label: 'Documents' },
] as const;

/**
 * A lead's page (002 §2, §4): the profile on the left (avatar, contact, details, newest notes, the PII toggle), the
 * tabs Activity, Notes, Emails, Messages and Documents in the middle, and the accordions of their investor account,
 * workflows and what is still to come on the right. Below 900 px the three stack.
 */
export function LeadDetailPage() {
  return (
    <PiiProvider>
      <LeadDetail />
    </PiiProvider>
  );
}

function LeadDetail() {
  const { tenantLeadId = '' } = useParams();
  const { tenantId } = useTenant();
  const { hidden } = usePii();
  const { pathname } = useLocation();
  const { data, error, isPending, refetch } = useLead(tenantId ?? '', tenantLeadId);
  const base = leadDetailPath(tenantLeadId);
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = TABS.find((t) => t.segment === (segment === 'activity' ? '' : segment))?.segment ?? '';
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const [sideOpen, setSideOpen] = useState(true);
  const showSide = sideOpen || !wide;
  const sideId = useId();

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Button component={RouterLink} to={LEADS_PATH} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        All Leads
      </Button>
      {isPending || !tenantId ? (
        <SkeletonList rows={6} label="Loading lead" />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>{hidden ? `Lead ${PII_MASK}` : `${leadName(data)} · Lead`}</title>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              <Pii value={leadName(data)} />
            </Typography>
            {/* The right panel folds away on a wide screen; below 1200 px it sits under the profile and stays. */}
            {wide && (
              <Tooltip title={sideOpen ? 'Hide side panel' : 'Show side panel'}>
                <IconButton
                  aria-label={sideOpen ? 'Hide side panel' : 'Show side panel'}
                  aria-expanded={sideOpen}
                  aria-controls={sideId}
                  onClick={() => setSideOpen((open) => !open)}
                >
                  {sideOpen ? <LastPage /> : <FirstPage />}
                </IconButton>
              </Tooltip>
            )}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: '280px minmax(0, 1fr)',
                lg: showSide ? '280px minmax(0, 1fr) 320px' : '280px minmax(0, 1fr)',
              },
              gridTemplateAreas: {
                xs: '"profile" "tabs" "side"',
                md: '"profile tabs" "side tabs"',
                lg: showSide ? '"profile tabs side"' : '"profile tabs"',
              },
            }}
          >
            <Box sx={{ gridArea: 'profile', minWidth: 0 }}>
              <LeadProfilePanel tenantId={tenantId} lead={data} />
            </Box>
            <Stack spacing={2} sx={{ gridArea: 'tabs', minWidth: 0 }}>
              <Tabs
                value={current}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label="Lead sections"
                sx={{ borderBottom: 1, borderColor: 'divider' }}
              >
                {TABS.map((t) => (
                  <Tab
                    key={t.label}
                    label={t.label}
                    value={t.segment}
                    component={RouterLink}
                    to={t.segment ? `${base}/${t.segment}` : base}
                  />
                ))}
              </Tabs>
              <Outlet context={{ tenantId, lead: data } satisfies LeadOutletContext} />
            </Stack>
            {showSide && (
              <Box id={sideId} sx={{ gridArea: 'side', minWidth: 0 }}>
                <LeadSidePanel tenantId={tenantId} lead={data} />
              </Box>
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
