// The public face of the workflows feature: what other features (marketplace's Invest Now, investments, Raise mode)
// use of a workflow.
export { useCreateWorkflow, createWorkflow, workflowsKey } from './api/create-workflow.ts';
export { useWorkflow, workflowQueryOptions, workflowPath } from './api/get-workflow.ts';
export { useStartInvestment, workflowScreenPath } from './hooks/use-start-investment.ts';
