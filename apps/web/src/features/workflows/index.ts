// The public face of the workflows feature: what other features (marketplace's Invest Now, investments, Raise mode)
// use of a workflow.
export { useCreateWorkflow, createWorkflow, workflowsKey } from './api/create-workflow.ts';
export { useWorkflow, workflowQueryOptions, workflowPath } from './api/get-workflow.ts';
// Loaded lazily by the marketplace's Invest Now (the marketplace is also what the steps read offers from).
export {
  investmentFailureText,
  openInvestmentWorkflow,
  WORKFLOW_CREATED_TOAST,
  workflowScreenPath,
} from './api/open-investment-workflow.ts';
export { useEsignEnvelope } from './api/esign/get-esign-envelope.ts';
