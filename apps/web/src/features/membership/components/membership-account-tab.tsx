import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { memberDisplayName, tenantRoleLabels, type TenantMember } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import type { ReactNode } from 'react';
import { useMembershipContext } from './membership-layout.tsx';

/** A membership starts once it is active (invitations and requests have not started yet). */
export function membershipStart(m: TenantMember): string {
  return m.membershipStatus === 'active' || m.membershipStatus === 'suspended' ? formatDate(m.createdAt) : 'Never';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Account: who the member is here and what their membership grants. */
export function MembershipAccountTab() {
  const { membership: m } = useMembershipContext();
  return (
    <Card variant="outlined">
      <CardContent>
        <Row label="Name">{memberDisplayName(m)}</Row>
        <Row label="Email">{m.email}</Row>
        <Row label="Role">{tenantRoleLabels[m.rbac.role]}</Row>
        <Row label="Tags">
          {m.tags.length === 0 ? (
            '-'
          ) : (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {m.tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" />
              ))}
            </Stack>
          )}
        </Row>
        <Row label="Membership start">{membershipStart(m)}</Row>
        <Row label="Expires">{m.rbac.expiresAt ? formatDate(m.rbac.expiresAt) : 'Never'}</Row>
        <Row label="User ID">{m.user}</Row>
        <Row label="Tenant member ID">{m._id}</Row>
        <Row label="Access ID">{m.rbac._id || 'N/A'}</Row>
      </CardContent>
    </Card>
  );
}
