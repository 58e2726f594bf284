import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Box, IconButton, Link, Skeleton, Stack, Typography } from '@mui/material';
import { institutionDisplayName, type Institution } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Hint } from '../../../components/hint.tsx';
import { InstitutionAvatar } from './institution-avatar.tsx';

// Loaded when first opened, as the mode switch's: its search field and list are no part of a page's first load.
const SelectInstitutionDialog = lazy(() => import('./select-institution-dialog.tsx').then((m) => ({ default: m.SelectInstitutionDialog })));

/**
 * Where to go after switching institution from `path`: an offer's or a lead's page belongs to the previous
 * institution, so the switch lands on the new institution's list of them; every other page is kept.
 */
function pathAfterSwitch(path: string): string {
  const match = /^\/institution\/(offers|leads)\/[^/?]+/.exec(path);
  return match ? `/institution/${match[1]}` : path;
}

/** The side navigation's tenant-institution picker (002 §1): the current institution, a switch, and 'View All'. */
export function InstitutionPicker({
  institution,
  loading,
  onNavigate,
}: {
  institution: Institution | undefined;
  loading: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography variant="overline" color="text.secondary">
        Institution
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
        {loading ? (
          <>
            <Skeleton variant="rounded" width={40} height={40} />
            <Skeleton sx={{ flex: 1 }} />
          </>
        ) : institution ? (
          <>
            <InstitutionAvatar institution={institution} />
            <Typography variant="subtitle1" component="p" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {institutionDisplayName(institution)}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            No institution selected
          </Typography>
        )}
        <Hint title="Switch institution">
          <IconButton aria-label="Switch institution" onClick={() => setOpen(true)} edge="end">
            <SwapHoriz />
          </IconButton>
        </Hint>
      </Stack>
      <Link component={RouterLink} to="/institution/list" variant="body2" onClick={onNavigate} sx={{ display: 'inline-block', mt: 0.5 }}>
        View All
      </Link>
      {open && (
        <Suspense fallback={null}>
          <SelectInstitutionDialog
            open
            onClose={() => {
              setOpen(false);
              onNavigate?.();
            }}
            returnTo={(picked) => {
              const here = `${location.pathname}${location.search}`;
              return picked._id === institution?._id ? here : pathAfterSwitch(here);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
