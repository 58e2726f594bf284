import BugReport from '@mui/icons-material/BugReport';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Fab, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { formatCountdown } from '@tessera/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { tokenExpiresAt } from '../../lib/session/session-store.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useNow } from '../../hooks/use-now.ts';

/** Development only (§2): what the app believes about the session, tenant and route, at a glance. */
export function DebugDialog() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const tenant = useTenant();
  const location = useLocation();
  const now = useNow();
  const expiresAt = tokenExpiresAt(session.token);

  const rows: [string, string][] = [
    ['Environment', import.meta.env.MODE],
    ['Version', __APP_VERSION__],
    ['Route', location.pathname + location.search],
    ['Tenant', tenant.tenantSlug ? `${tenant.name} (${tenant.tenantSlug}, ${tenant.tenantId})` : 'none'],
    ['App type / mode', `${session.appType} / ${session.appMode}`],
    ['Signed in', session.authenticated ? `${session.user?.email} (${session.user?._id}, ${session.user?.role})` : 'no'],
    ['Member', session.tenantMember ? `${session.tenantMember.rbac.role}, ${session.tenantMember.membershipStatus}` : '-'],
    ['Session ends in', expiresAt ? formatCountdown(expiresAt - now) : '-'],
  ];

  return (
    <>
      <Fab
        size="small"
        color="secondary"
        aria-label="Open debug dialog"
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}
      >
        <BugReport fontSize="small" />
      </Fab>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Debug</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
