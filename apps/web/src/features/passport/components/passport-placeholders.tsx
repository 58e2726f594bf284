import { PlaceholderCard } from '../../../components/placeholder-card.tsx';

/** §2: /user/{product}/accreditation and /verification are placeholders until the accreditation and verification issues. */
export const AccreditationPlaceholder = () => <PlaceholderCard title="Accreditation" />;
export const VerificationPlaceholder = () => <PlaceholderCard title="Verification" />;
