import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Event from '@mui/icons-material/Event';
import ListAlt from '@mui/icons-material/ListAlt';
import Mail from '@mui/icons-material/Mail';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import Store from '@mui/icons-material/Store';
import { Box, Divider, List, ListSubheader, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { NavDrawer } from '../../components/nav-drawer.tsx';
import { SideNavLink } from '../../components/side-nav-layout.tsx';
import { RaiseNavItem, useRaiseMode } from '../../features/raise/index.ts';
import { useIsTenantOwner } from '../../lib/session/use-is-tenant-owner.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { MAIN_NAV_WIDTH } from './main-nav-area.ts';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  activePrefix?: string;
}

/**
 * The investor side of 001 §1 (Dashboard, Investment list, Marketplace, Messages, Events, and Documents), then the
 * user and tenant-member pages, then what the member may run. The layout shows it only once onboarding is complete.
 */
export function mainNavSections(options: {
  tenantMemberId: string | null;
  tenantOwner: boolean;
  platformAdmin: boolean;
}): { header?: string; items: NavItem[] }[] {
  const you: NavItem[] = [
    { label: 'Financial Passport', to: '/user/passport/account', icon: <AccountCircle />, activePrefix: '/user/passport' },
  ];
  if (options.tenantMemberId)
    you.push({
      label: 'Membership',
      to: `/user/tenant-member/${options.tenantMemberId}/account`,
      icon: <Badge />,
      activePrefix: `/user/tenant-member/${options.tenantMemberId}`,
    });
  you.push({ label: 'Settings', to: '/settings', icon: <Settings /> });
  const manage: NavItem[] = [];
  if (options.tenantOwner) manage.push({ label: 'Tenant admin', to: '/tenant/dashboard', icon: <Storefront />, activePrefix: '/tenant' });
  if (options.platformAdmin) manage.push({ label: 'Platform admin', to: '/admin', icon: <AdminPanelSettings /> });
  return [
    {
      items: [
        { label: 'Dashboard', to: '/investor/dashboard', icon: <Dashboard /> },
        { label: 'Investment list', to: '/investor/investments', icon: <ListAlt /> },
        { label: 'Marketplace', to: '/marketplace/offers', icon: <Store />, activePrefix: '/marketplace' },
        { label: 'Messages', to: '/investor/messages', icon: <Mail /> },
        { label: 'Events', to: '/investor/events', icon: <Event /> },
        { label: 'Documents', to: '/document', icon: <Description /> },
      ],
    },
    { header: 'You', items: you },
    { header: 'Manage', items: manage },
  ];
}

/** The signed-in member's side navigation (a drawer under 900 px, opened from the top bar's menu button). */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user, tenantMember } = useSession();
  const tenantOwner = useIsTenantOwner();
  const { canRaise } = useRaiseMode();
  const sections = mainNavSections({
    tenantMemberId: tenantMember?._id ?? null,
    tenantOwner,
    platformAdmin: user?.role === 'admin',
  });
  return (
    <Box component="nav" aria-label="Main" sx={{ width: MAIN_NAV_WIDTH, py: 1 }}>
      {sections.map((section, index) =>
        section.items.length === 0 && !(section.header === 'Manage' && canRaise) ? null : (
          <Box key={section.header ?? index}>
            {index > 0 && <Divider sx={{ my: 1 }} />}
            {/* Every entry is a list item (SideNavLink, RaiseNavItem), the heading too: a <ul> holds only <li>s (axe 'list'). */}
            <List
              dense
              subheader={
                section.header ? (
                  <ListSubheader component="li" sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
                    {section.header}
                  </ListSubheader>
                ) : undefined
              }
            >
              {section.header === 'Manage' && <RaiseNavItem onNavigate={onNavigate} />}
              {section.items.map((item) => (
                <SideNavLink key={item.to} {...item} onNavigate={onNavigate} />
              ))}
            </List>
          </Box>
        ),
      )}
    </Box>
  );
}

/** Where the wide navigation sticks: below the top bar (64 px from 600 px up). */
const TOP_BAR_HEIGHT = 64;

/** The main navigation beside the page from 900 px up, in a drawer (open from the top bar's menu button) below. */
export function MainNavPanel({ wide, open, onClose }: { wide: boolean; open: boolean; onClose: () => void }) {
  const { name } = useTenant();
  if (wide) {
    return (
      <Box sx={{ flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
        <Box sx={{ position: 'sticky', top: TOP_BAR_HEIGHT }}>
          <MainNav />
        </Box>
      </Box>
    );
  }
  return (
    <NavDrawer open={open} onClose={onClose}>
      {/* The tenant's whole name, which the phone's top bar shows as its monogram only. */}
      <Typography component="p" variant="h6" sx={{ px: 2, pt: 2, width: MAIN_NAV_WIDTH, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
        {name}
      </Typography>
      <MainNav onNavigate={onClose} />
    </NavDrawer>
  );
}
