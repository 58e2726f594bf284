import { Typography } from '@mui/material';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getPlatformEvents, platformEventsKey } from '../api/get-platform-events.ts';

/** /admin/activity: the platform timeline (role changes, role assignments, user and tenant deletions by platform admins). */
export function AdminActivityPage() {
  return (
    <>
      <title>Platform activity</title>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Activity
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        What platform admins changed outside any one tenant: user roles, role assignments, and deleted users and tenants.
      </Typography>
      <TimelineView queryKey={platformEventsKey} fetchEvents={getPlatformEvents} />
    </>
  );
}
