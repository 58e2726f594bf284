import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

interface InstitutionTab {
  segment: string;
  label: string;
}

/** The tab bar of an institution's page; the tab in the address is selected. */
export function InstitutionTabs({ base, tabs, label }: { base: string; tabs: readonly InstitutionTab[]; label: string }) {
  const { pathname } = useLocation();
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = tabs.find((t) => t.segment === segment)?.segment ?? tabs[0]?.segment ?? false;
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((t) => (
        <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
      ))}
    </Tabs>
  );
}
