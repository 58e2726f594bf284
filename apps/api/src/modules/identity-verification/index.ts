// The public face of the identity-verification module, owner of the `identity_inquiries` and `identity_webhook_events`
// tables. Nothing else reaches them; app.ts registers the routes.
export { identityVerificationRoutes, type IdentityRouteOptions } from './identity-verification.routes.ts';
