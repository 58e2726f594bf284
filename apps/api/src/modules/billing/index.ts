// The public face of the billing module: what the rest of the API may import. Everything else here is private.
export { assertPlanAllows, deleteBillingOfInstitution, grantPlan } from './billing.service.ts';
