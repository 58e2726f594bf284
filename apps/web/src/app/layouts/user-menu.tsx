import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { initials, userDisplayName } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useUserImage } from '../../features/account/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useSignOut } from '../../lib/session/use-sign-out.ts';
import { useIsTenantOwner } from '../../lib/session/use-is-tenant-owner.ts';

/** The avatar with the account links and Sign Out. */
export function UserMenu() {
  const { user, tenantMember } = useSession();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = userDisplayName(user);
  const image = useUserImage(user?.image);
  const isTenantOwner = useIsTenantOwner();

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          // The initials the avatar shows begin its name, so that a speech user can say them (axe label-content-name-mismatch).
          aria-label={`${initials(name)} Account menu`.trim()}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'account-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar src={image} alt="" sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
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
    </>
  );
}
