import { membershipStatusColors, membershipStatusLabels, type MembershipStatus } from '@tessera/domain';
import { StatusDot } from '../../../components/status-dot.tsx';

/** A membership status as a coloured dot and its label. */
export function MemberStatusDot({ status }: { status: MembershipStatus }) {
  return <StatusDot label={membershipStatusLabels[status]} color={membershipStatusColors[status]} />;
}
