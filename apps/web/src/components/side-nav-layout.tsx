import MenuIcon from '@mui/icons-material/Menu';
import {
  Box,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { NavDrawer } from './nav-drawer.tsx';

interface SideNavLinkProps {
  label: string;
  to: string;
  icon: ReactNode;
  /** When the label alone is ambiguous in the nav. */
  accessibleName?: string;
  /** Where the link counts as the current page when that is wider than `to` (e.g. every page of the marketplace). */
  activePrefix?: string;
  onNavigate?: () => void;
}

/** A link of a side navigation (an item of its list), selected (and the current page) on its path and below it. */
export function SideNavLink({ label, to, icon, accessibleName, activePrefix = to, onNavigate }: SideNavLinkProps) {
  const { pathname } = useLocation();
  const selected = pathname === to || pathname === activePrefix || pathname.startsWith(`${activePrefix}/`);
  // The link sits in a list item: a <ul> holds only <li>s (axe 'list').
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        aria-label={accessibleName}
        onClick={onNavigate}
        sx={{ mx: 1, borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

interface SideNavLayoutProps {
  /** The navigation; `onNavigate` closes the drawer it is in under 900 px. */
  nav: (onNavigate?: () => void) => ReactNode;
  /** Where the wide navigation sticks, below whatever bar is above it. */
  stickyTop: number;
  /** The aria-label of the button that opens the drawer. */
  menuLabel: string;
  /** Beside that button. */
  title: ReactNode;
  titleSx?: SxProps<Theme>;
}

/** An area's side navigation (a drawer under 900 px, opened from a menu button) beside the page that is open. */
export function SideNavLayout({ nav, stickyTop, menuLabel, title, titleSx }: SideNavLayoutProps) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
      {wide ? (
        <Box sx={{ flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
          <Box sx={{ position: 'sticky', top: stickyTop }}>{nav()}</Box>
        </Box>
      ) : (
        <NavDrawer open={open} onClose={() => setOpen(false)}>
          {nav(() => setOpen(false))}
        </NavDrawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3 }, py: { xs: 2, md: 4 } }}>
        {!wide && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <IconButton onClick={() => setOpen(true)} aria-label={menuLabel} edge="start">
              <MenuIcon />
            </IconButton>
            <Typography variant="subtitle1" noWrap sx={titleSx}>
              {title}
            </Typography>
          </Stack>
        )}
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
