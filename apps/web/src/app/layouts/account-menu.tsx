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
      <MenuItem component={RouterLink} to="/user" onClick={close}>
        <ListItemIcon>
          <AccountCircle fontSize="small" />
        </ListItemIcon>
        Your Financial Passport
      </MenuItem>
      {tenantMember && (
        <MenuItem component={RouterLink} to={`/user/tenant-member/${tenantMember._id}/account`} onClick={close}>
          <ListItemIcon>
            <Badge fontSize="small" />
          </ListItemIcon>
          Membership
        </MenuItem>
      )}
      <MenuItem component={RouterLink} to="/tenant/list" onClick={close}>
        <ListItemIcon>
          <SwapHoriz fontSize="small" />
        </ListItemIcon>
        Switch tenant
      </MenuItem>
      <MenuItem component={RouterLink} to="/settings" onClick={close}>
        <ListItemIcon>
          <Settings fontSize="small" />
        </ListItemIcon>
        Settings
      </MenuItem>
      {user?.role === 'admin' && (
        <MenuItem component={RouterLink} to="/admin" onClick={close}>
          <ListItemIcon>
            <AdminPanelSettings fontSize="small" />
          </ListItemIcon>
          Platform admin
        </MenuItem>
      )}
      {isTenantOwner && (
        <MenuItem component={RouterLink} to="/tenant/dashboard" onClick={close}>
          <ListItemIcon>
            <Storefront fontSize="small" />
          </ListItemIcon>
          Tenant admin
        </MenuItem>
      )}
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
