import AccountBalance from '@mui/icons-material/AccountBalance';
import Api from '@mui/icons-material/Api';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Brush from '@mui/icons-material/Brush';
import Dashboard from '@mui/icons-material/Dashboard';
import Group from '@mui/icons-material/Group';
import Groups from '@mui/icons-material/Groups';
import Image from '@mui/icons-material/Image';
import Insights from '@mui/icons-material/Insights';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Message from '@mui/icons-material/Message';
import Palette from '@mui/icons-material/Palette';
import People from '@mui/icons-material/People';
import Settings from '@mui/icons-material/Settings';
import Star from '@mui/icons-material/Star';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Box, Button, Divider, List, ListSubheader, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SideNavLayout, SideNavLink } from '../../../components/side-nav-layout.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** When the label alone is ambiguous in the whole nav (two 'Settings'); it starts with the label, as spoken. */
  accessibleName?: string;
}
interface NavSection {
  header?: string;
  items: NavItem[];
}

/** The side navigation of /tenant: every page of the tenant admin area. */
export const TENANT_ADMIN_NAV: NavSection[] = [
  { items: [{ label: 'Dashboard', to: '/tenant/dashboard', icon: <Dashboard /> }] },
  {
    header: 'Branding',
    items: [
      { label: 'Theme', to: '/tenant/branding/theme', icon: <Palette /> },
      { label: 'Media', to: '/tenant/branding/media', icon: <Image /> },
      { label: 'Messaging', to: '/tenant/branding/messaging', icon: <Message /> },
    ],
  },
  {
    header: 'Membership',
    items: [
      { label: 'Members', to: '/tenant/membership/members', icon: <People /> },
      { label: 'Groups', to: '/tenant/membership/groups', icon: <Groups /> },
    ],
  },
  {
    header: 'Marketplace',
    items: [
      {
        label: 'Dashboard',
        to: '/tenant/marketplace/dashboard',
        icon: <Insights />,
        accessibleName: 'Dashboard of the marketplace',
      },
      { label: 'Institutions', to: '/tenant/marketplace/institutions', icon: <AccountBalance /> },
      { label: 'Offers', to: '/tenant/marketplace/offers', icon: <LocalOffer /> },
      { label: 'Settings', to: '/tenant/marketplace/settings', icon: <Star />, accessibleName: 'Settings of the marketplace' },
    ],
  },
  {
    items: [
      { label: 'Settings', to: '/tenant/settings', icon: <Settings /> },
      { label: 'Docs', to: '/tenant/docs', icon: <Api /> },
      { label: 'Switch tenant', to: '/tenant/list', icon: <SwapHoriz /> },
    ],
  },
];

const NAV_WIDTH = 248;

function TenantAdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { name } = useTenant();
  return (
    <Box component="nav" aria-label="Tenant admin" sx={{ width: NAV_WIDTH, py: 2 }}>
      <Box sx={{ px: 2, pb: 1 }}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBack />} size="small" onClick={onNavigate}>
          Back to app
        </Button>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
          <Brush fontSize="small" color="primary" />
          <Typography variant="overline" color="text.secondary">
            Tenant admin
          </Typography>
        </Stack>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {name}
        </Typography>
      </Box>
      <Divider />
      {TENANT_ADMIN_NAV.map((section, index) => (
        <List
          key={section.header ?? index}
          dense
          subheader={
            section.header ? <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>{section.header}</ListSubheader> : undefined
          }
        >
          {section.items.map((item) => (
            <SideNavLink key={item.to} {...item} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </Box>
  );
}

/** Shown instead of the area to anyone who is not an owner of this tenant (or a platform admin). */
export function NotTenantOwner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Group color="disabled" sx={{ fontSize: 48 }} />
        <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
          You need to be an owner of this tenant
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          The tenant admin area is for the tenant&apos;s owners. Ask an owner to change your role if you need access.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
          Back to app
        </Button>
      </Paper>
    </Box>
  );
}

/** /tenant: the side navigation (a drawer under 900 px) beside the page that is open. */
export function TenantAdminLayout() {
  const isOwner = useIsTenantOwner();
  const { name } = useTenant();

  if (!isOwner) return <NotTenantOwner />;

  return (
    <SideNavLayout
      nav={(onNavigate) => <TenantAdminNav onNavigate={onNavigate} />}
      stickyTop={0}
      menuLabel="Open tenant admin menu"
      title={name}
    />
  );
}
