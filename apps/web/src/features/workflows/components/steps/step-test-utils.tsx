import { INVESTMENT_STEP_KEYS, WORKFLOW_TEMPLATES, type InvestmentStepKey, type Workflow, type WorkflowStep } from '@tessera/domain';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { StepProps } from './step-props.ts';
import { TENANT_ID, USER_ID } from '../../../../test/fixtures.ts';
import { INSTITUTION_ID, OFFER_ID } from '../../../../test/marketplace.ts';
import { renderRoutes } from '../../../../test/render.tsx';

export const WORKFLOW_ID = 'c7c7c7c7c7c7c7c7c7c7c7c7';
export const WORKFLOW_API = `/api/v1/tenant/${TENANT_ID}/workflows/${WORKFLOW_ID}`;

/** An investment workflow at `current`: the steps before it completed with `data`, the rest pending. */
export function makeWorkflow(
  current: InvestmentStepKey,
  data: Partial<Record<InvestmentStepKey, Record<string, unknown>>> = {},
  overrides: Partial<Workflow> = {},
): Workflow {
  const at = INVESTMENT_STEP_KEYS.indexOf(current);
  const steps: WorkflowStep[] = WORKFLOW_TEMPLATES.investment.steps.map((s, i) => ({
    key: s.key,
    name: s.name,
    description: s.description,
    type: s.type,
    status: i < at ? 'completed' : i === at ? 'in-progress' : 'pending',
    data: data[s.key as InvestmentStepKey] ?? {},
  }));
  return {
    _id: WORKFLOW_ID,
    name: 'Investment - Harbor Point',
    type: 'investment',
    status: 'in-progress',
    owner: USER_ID,
    ownerName: 'Ada Lovelace',
    ownerEmail: 'ada@example.com',
    offer: { _id: OFFER_ID, name: 'Harbor Point' },
    institution: { _id: INSTITUTION_ID, name: 'Harbor Fund' },
    amount: 25000,
    percentComplete: Math.floor((at * 100) / steps.length),
    currentStepKey: current,
    nextStep: { key: current, name: steps[at]?.name ?? current },
    description: null,
    createdBy: USER_ID,
    steps,
    config: { offer: OFFER_ID, institution: INSTITUTION_ID, documents: [], amount: 25000, esignTemplateId: null },
    refs: null,
    completedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Renders one step's screen as the workflow screen would, with spies for its moves. */
export function renderStep(
  Step: ComponentType<StepProps>,
  workflow: Workflow,
  key: InvestmentStepKey = workflow.currentStepKey as InvestmentStepKey,
) {
  const step = workflow.steps.find((s) => s.key === key) as StepProps['step'];
  const props = {
    tenantId: TENANT_ID,
    workflow,
    step,
    onBack: vi.fn(),
    onCompleted: vi.fn(),
    goToStep: vi.fn(),
    staging: false,
  };
  const rendered = renderRoutes(
    [
      { path: '/investor/workflow/:workflowId', element: <Step {...props} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/investor/workflow/${WORKFLOW_ID}`] },
  );
  return { ...rendered, props };
}
