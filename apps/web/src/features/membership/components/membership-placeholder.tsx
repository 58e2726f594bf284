import { PlaceholderCard } from '../../../components/placeholder-card.tsx';

/** §2: details and notifications of a membership are placeholder cards. */
export const MembershipDetailsPlaceholder = () => <PlaceholderCard title="Details" />;
export const MembershipNotificationsPlaceholder = () => <PlaceholderCard title="Notifications" />;
