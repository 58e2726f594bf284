// The investments feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { listWorkflows, workflowsQueryOptions } from './api/list-workflows.ts';
