import { PlaceholderCard } from '../../../components/placeholder-card.tsx';

/** §2: /user/{product}/accreditation is a placeholder until the accreditation issue (verification: identity-verification). */
export const AccreditationPlaceholder = () => <PlaceholderCard title="Accreditation" />;
