import { Tab, Tabs, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

interface SegmentTabsProps {
  /** The path the tabs sit under; each tab links to `${base}/${segment}`. */
  base: string;
  tabs: readonly { segment: string; label: string }[];
  /** The tab list's accessible name. */
  label: string;
  sx?: SxProps<Theme>;
}

/** Tabs that are links, one per first path segment under `base`; the open one is selected (none off the tabs). */
export function SegmentTabs({ base, tabs, label, sx = { mb: 3, borderBottom: 1, borderColor: 'divider' } }: SegmentTabsProps) {
  const { pathname } = useLocation();
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = tabs.find((t) => t.segment === segment)?.segment ?? false;
  return (
    <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label} sx={sx}>
      {tabs.map((t) => (
        <Tab key={t.segment} value={t.segment} label={t.label} component={RouterLink} to={`${base}/${t.segment}`} />
      ))}
    </Tabs>
  );
}
