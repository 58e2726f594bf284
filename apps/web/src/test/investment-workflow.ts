import { completeStep, initialSteps, skipStep, WORKFLOW_TEMPLATES, type Workflow, type WorkflowSummary } from '@tessera/domain';
import { USER_ID } from './fixtures.ts';

export const WORKFLOW_ID = 'a7a7a7a7a7a7a7a7a7a7a7a7';
export const OFFER_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
export const INSTITUTION_ID = 'e5e5e5e5e5e5e5e5e5e5e5e5';

/** A new investment workflow as the server answers it: every step of the template, the first in progress. */
export function makeWorkflow(values: Partial<Workflow> = {}): Workflow {
  return {
    _id: WORKFLOW_ID,
    name: 'Investment - Harbor Lofts',
    description: null,
    type: 'investment',
    status: 'in-progress',
    owner: USER_ID,
    ownerName: 'Jane Doe',
    ownerEmail: 'jane@example.com',
    createdBy: USER_ID,
    offer: { _id: OFFER_ID, name: 'Harbor Lofts' },
    institution: { _id: INSTITUTION_ID, name: 'Harbor Point Credit' },
    amount: 50_000,
    percentComplete: 0,
    currentStepKey: 'diligence',
    nextStep: { key: 'diligence', name: 'Diligence' },
    steps: initialSteps(WORKFLOW_TEMPLATES.investment),
    config: { offer: OFFER_ID, institution: INSTITUTION_ID, documents: [], amount: 50_000, esignTemplateId: null },
    refs: null,
    completedAt: null,
    createdAt: '2026-11-20T14:05:00.000Z',
    updatedAt: '2026-11-20T14:05:00.000Z',
    ...values,
  };
}

/** The workflow after these steps were completed (with data) or skipped, in order, by the domain's own step engine. */
export function advance(workflow: Workflow, moves: ({ complete: string; data?: Record<string, unknown> } | { skip: string })[]): Workflow {
  let next = workflow;
  for (const move of moves) {
    const moved = 'skip' in move ? skipStep(next.steps, move.skip) : completeStep(next.steps, move.complete, move.data ?? {});
    const done = moved.steps.filter((s) => s.status === 'completed').length;
    const current = moved.steps.find((s) => s.key === moved.currentStepKey);
    next = {
      ...next,
      ...moved,
      percentComplete: Math.floor((done * 100) / moved.steps.length),
      nextStep: current ? { key: current.key, name: current.name } : null,
      completedAt: moved.status === 'completed' ? '2026-11-27T10:00:00.000Z' : null,
    };
  }
  return next;
}

export function workflowSummaryFor(offer: string, id = WORKFLOW_ID): WorkflowSummary {
  const {
    steps: _steps,
    config: _config,
    refs: _refs,
    completedAt: _c,
    description: _d,
    ownerEmail: _e,
    createdBy: _b,
    ...summary
  } = makeWorkflow({ _id: id });
  return { ...summary, offer: { _id: offer, name: 'Harbor Lofts' } };
}
