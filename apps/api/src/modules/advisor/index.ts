// The public face of the advisor module: what other modules may import. Everything else here is private.
export { advisorRoutes, type AdvisorOptions } from './advisor.routes.ts';
