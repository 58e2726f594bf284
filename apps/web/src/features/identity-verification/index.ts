// The identity-verification feature's public face: what other features may use (eslint.config.js, feature boundaries).
export { IdentityReviewCard, IdentityStatusChip } from './components/identity-review-card.tsx';
export { VERIFY_IDENTITY_PATH } from './components/verification-tab.tsx';
