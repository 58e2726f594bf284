import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Box, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { userDisplayName } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { useSignOut } from '../../lib/session/use-sign-out.ts';
import { useIsTenantOwner } from '../../lib/session/use-is-tenant-owner.ts';

/** The account menu the top bar's avatar opens: the account links and Sign Out. */
export function AccountMenu({ anchor, onClose: close }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { user, tenantMember } = useSession();
  const signOut = useSignOut();
  const name = userDisplayName(user);
  const isTenantOwner = useIsTenantOwner();
  // In this order; the membership, platform-admin and tenant-admin links only for those they concern.
  const links: { to: string; label: string; Icon: typeof AccountCircle }[] = [
    { to: '/user', label: 'Your Financial Passport', Icon: AccountCircle },
    ...(tenantMember ? [{ to: `/user/tenant-member/${tenantMember._id}/account`, label: 'Membership', Icon: Badge }] : []),
    { to: '/tenant/list', label: 'Switch tenant', Icon: SwapHoriz },
    { to: '/settings', label: 'Settings', Icon: Settings },
    ...(user?.role === 'admin' ? [{ to: '/admin', label: 'Platform admin', Icon: AdminPanelSettings }] : []),
    ...(isTenantOwner ? [{ to: '/tenant/dashboard', label: 'Tenant admin', Icon: Storefront }] : []),
  ];

  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {name}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {user?.email}
        </Typography>
      </Box>
      <Divider />
      {links.map(({ to, label, Icon }) => (
        <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          close();
          void signOut();
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        Sign Out
      </MenuItem>
    </Menu>
  );
}
