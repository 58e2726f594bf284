// The advisor's knowledge (issue #24): what a question asks, the glossary, the refusal of personal advice, the
// grounding retrieved from the tenant's marketplace, and the built-in offline model. advisor.service.ts uses these.
export { isPersonalAdviceRequest } from './advice.ts';
export { createBuiltinModel } from './builtin-model.ts';
export { parseCriteria } from './criteria.ts';
export { glossaryFor } from './glossary.ts';
export { retrieve, type RetrievalDeps, type Retrieved } from './retrieval.ts';
