import { afterAll } from 'vitest';
import { takeContractViolations } from './contract-check.ts';

// A file fails when a response it got broke the published contract (test/contract-check.ts): a status, a content
// type or a body the OpenAPI document does not declare.
afterAll(() => {
  const violations = [...new Set(takeContractViolations())];
  if (violations.length === 0) return;
  const text = `${violations.length} responses broke the published OpenAPI contract:\n${violations.slice(0, 40).join('\n')}`;
  if (process.env.CONTRACT_CHECK === 'report') console.warn(text);
  else throw new Error(text);
});
