import { z } from 'zod';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { INVESTMENT_STEP_KEYS, type InvestmentStepKey } from './investment-steps.ts';

/** 001 §3 Workflow: what a workflow walks a person through. */
export const workflowType = z.enum(['investment', 'accreditation', 'identity-verification']);
export type WorkflowType = z.infer<typeof workflowType>;

export const workflowStatus = z.enum(['in-progress', 'completed']);
export type WorkflowStatus = z.infer<typeof workflowStatus>;
export const workflowStatusLabels: Record<WorkflowStatus, string> = { 'in-progress': 'In progress', completed: 'Completed' };

export const workflowStepStatus = z.enum(['pending', 'in-progress', 'completed', 'skipped', 'error']);
export type WorkflowStepStatus = z.infer<typeof workflowStepStatus>;

export const workflowStepType = z.enum(['question', 'e-signature', 'summary']);
export type WorkflowStepType = z.infer<typeof workflowStepType>;

/** One step of a workflow (001 §3 Step); `data` holds the step's answers (contribution, diligence, …). */
export const workflowStep = z.object({
  key: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  description: z.string().max(1000).nullable(),
  status: workflowStepStatus,
  type: workflowStepType,
  data: z.record(z.string(), z.unknown()),
});
export type WorkflowStep = z.infer<typeof workflowStep>;

/** What a workflow is about (001 §3 config): for an investment, the offer, its institution and the amount. */
export const workflowConfig = z.object({
  offer: objectId.nullable(),
  institution: objectId.nullable(),
  documents: z.array(objectId),
  amount: z.number().min(0).nullable(),
  esignTemplateId: z.string().nullable(),
});
export type WorkflowConfig = z.infer<typeof workflowConfig>;

/** 001 §4: progress is completed steps over all steps, in whole percent rounded down; no steps is 0. */
export function workflowPercentComplete(steps: readonly Pick<WorkflowStep, 'status'>[]): number {
  if (steps.length === 0) return 0;
  return Math.floor((steps.filter((s) => s.status === 'completed').length * 100) / steps.length);
}

const DONE: readonly WorkflowStepStatus[] = ['completed', 'skipped'];

/** The step the person does next: the current step unless it is done, else the first step not yet done; none when all are. */
export function workflowNextStep<S extends Pick<WorkflowStep, 'key' | 'status'>>(
  steps: readonly S[],
  currentStepKey: string | null,
): S | null {
  const current = steps.find((s) => s.key === currentStepKey);
  if (current && !DONE.includes(current.status)) return current;
  return steps.find((s) => !DONE.includes(s.status)) ?? null;
}

const named = z.object({ _id: objectId, name: z.string() });

const WORKFLOW_SUMMARY_EXAMPLE = {
  _id: '6745a1c2e4b0a1b2c3d4e5e1',
  name: 'Investment - Summit Ridge Apartments',
  type: 'investment',
  status: 'in-progress',
  owner: '6745a1c2e4b0a1b2c3d4e5f1',
  ownerName: 'Jane Doe',
  offer: { _id: '6745a1c2e4b0a1b2c3d4e5e2', name: 'Summit Ridge Apartments' },
  institution: { _id: '6745a1c2e4b0a1b2c3d4e5e3', name: 'Summit Ridge Capital' },
  amount: 50000,
  percentComplete: 15,
  currentStepKey: 'investor-type',
  nextStep: { key: 'investor-type', name: 'Investor type' },
  createdAt: '2026-11-20T14:05:00.000Z',
  updatedAt: '2026-11-26T16:20:00.000Z',
} as const;

/** A row of the workflow list: what the investments screen's card shows (001 §2 Investments screen). */
export const workflowSummary = z
  .object({
    _id: objectId,
    name: z.string(),
    type: workflowType,
    status: workflowStatus,
    owner: objectId,
    ownerName: z.string().describe("The owner's display name"),
    offer: named.nullable().describe('The offer invested in; null when none is set or it no longer exists'),
    institution: named.nullable().describe("The offer's institution; null when none is set or it no longer exists"),
    amount: z.number().nullable().describe('The investment amount in US dollars'),
    percentComplete: z.number().int().min(0).max(100).describe('Completed steps over all steps, rounded down'),
    currentStepKey: z.string().nullable(),
    nextStep: z
      .object({ key: z.string(), name: z.string() })
      .nullable()
      .describe('The step to do next: the current one unless it is done, else the first not done; null when all are'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'WorkflowSummary',
    description: 'A workflow as lists show it: its offer and institution by name, amount, progress and the next step.',
    examples: [WORKFLOW_SUMMARY_EXAMPLE],
  });
export type WorkflowSummary = z.infer<typeof workflowSummary>;

/** GET tenant/{t}/workflows: the caller's own workflows, newest first. */
export const workflowListQuery = pageQuery.extend({
  status: workflowStatus.optional().describe('Only the workflows in this status'),
  type: workflowType.optional().describe('Only the workflows of this type'),
  institution: objectId
    .optional()
    .describe(
      "The institution's view: every workflow for this institution's offers (Raise mode, a member of its team or a tenant owner). Without it, the caller's own workflows.",
    ),
  owner: objectId.optional().describe("Only this person's workflows (with `institution`; without it the owner is always the caller)"),
  offer: objectId.optional().describe('Only the workflows for this offer'),
});
export type WorkflowListQuery = z.infer<typeof workflowListQuery>;

/** A step as a template defines it: what the workflow starts with, every step pending but the first. */
export const workflowTemplateStep = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: workflowStepType,
});
export type WorkflowTemplateStep = z.infer<typeof workflowTemplateStep>;

const INVESTMENT_STEP_TEXT: Record<InvestmentStepKey, { name: string; description: string; type: WorkflowStepType }> = {
  diligence: { name: 'Diligence', description: "Review the offer's documents before you invest.", type: 'question' },
  contribution: { name: 'Contribution', description: 'Choose the class and how much you invest.', type: 'question' },
  'investor-type': { name: 'Investor type', description: 'Invest as an individual or through a legal entity.', type: 'question' },
  ownership: { name: 'Ownership', description: 'How the investment is held.', type: 'question' },
  profiles: { name: 'Profiles', description: 'Who invests: profiles from your passport.', type: 'question' },
  representations: { name: 'Representations', description: 'Statements you confirm as an investor.', type: 'question' },
  purpose: { name: 'Purpose', description: 'Why you invest and where the money comes from.', type: 'question' },
  communication: { name: 'Communication', description: 'How the sponsor keeps you informed.', type: 'question' },
  qualification: { name: 'Qualification', description: 'How you qualify to invest in this offer.', type: 'question' },
  'financial-account': { name: 'Financial account', description: 'The account you fund the investment from.', type: 'question' },
  distribution: { name: 'Distribution', description: 'How you receive distributions.', type: 'question' },
  esignature: { name: 'E-signature', description: 'Sign the subscription agreement.', type: 'e-signature' },
  summary: { name: 'Summary', description: 'Check everything and submit your subscription.', type: 'summary' },
};

/** 002 §5: the types that cannot be created here; investors complete these in their portal. */
export const NOT_CREATABLE_WORKFLOW_TEXT =
  'Not yet implemented: investors complete accreditation and identity verification in their portal';

export const workflowTemplate = z
  .object({
    type: workflowType,
    name: z.string(),
    creatable: z.boolean().describe('False for the types only an investor completes in their portal'),
    info: z.string().nullable().describe('Why the type cannot be created, when it cannot'),
    steps: z.array(workflowTemplateStep),
  })
  .meta({
    id: 'WorkflowTemplate',
    description: 'A kind of workflow and the steps a new one starts with.',
    examples: [
      {
        type: 'investment',
        name: 'Investment',
        creatable: true,
        info: null,
        steps: [{ key: 'diligence', name: 'Diligence', description: "Review the offer's documents before you invest.", type: 'question' }],
      },
    ],
  });
export type WorkflowTemplate = z.infer<typeof workflowTemplate>;

/** GET workflows/templates: keyed by type (002 §7). */
export const WORKFLOW_TEMPLATES: Record<WorkflowType, WorkflowTemplate> = {
  investment: {
    type: 'investment',
    name: 'Investment',
    creatable: true,
    info: null,
    steps: INVESTMENT_STEP_KEYS.map((key) => ({ key, ...INVESTMENT_STEP_TEXT[key] })),
  },
  accreditation: {
    type: 'accreditation',
    name: 'Accreditation',
    creatable: false,
    info: NOT_CREATABLE_WORKFLOW_TEXT,
    steps: [
      { key: 'application', name: 'Application', description: 'The accreditation wizard.', type: 'question' },
      { key: 'review', name: 'Review', description: 'A reviewer decides.', type: 'summary' },
    ],
  },
  'identity-verification': {
    type: 'identity-verification',
    name: 'Identity verification',
    creatable: false,
    info: NOT_CREATABLE_WORKFLOW_TEXT,
    steps: [
      { key: 'documents', name: 'Documents', description: 'A government photo ID and a selfie.', type: 'question' },
      { key: 'review', name: 'Review', description: 'The provider decides.', type: 'summary' },
    ],
  },
};
/** Keyed by type; every type present (an object rather than a record, so the reference lists each key it requires). */
export const workflowTemplates = z
  .object({ investment: workflowTemplate, accreditation: workflowTemplate, 'identity-verification': workflowTemplate })
  .meta({
    id: 'WorkflowTemplates',
    description: 'Every workflow template, keyed by type.',
    examples: [
      {
        investment: {
          type: 'investment',
          name: 'Investment',
          creatable: true,
          info: null,
          steps: [WORKFLOW_TEMPLATES.investment.steps[0]],
        },
        accreditation: { ...WORKFLOW_TEMPLATES.accreditation, steps: [] },
        'identity-verification': { ...WORKFLOW_TEMPLATES['identity-verification'], steps: [] },
      },
    ],
  });

/** 001 §9 default name: 'Investment - ' plus the offer name. */
export const investmentWorkflowName = (offerName: string) => `Investment - ${offerName}`;

/** 001 §9 default amount: the lowest minimum investment across the offer's classes; null when it has none. */
export function defaultInvestmentAmount(classes: readonly { minimumInvestment: number }[]): number | null {
  return classes.length === 0 ? null : Math.min(...classes.map((c) => c.minimumInvestment));
}

/** 002 §5 when an institution creates a workflow for someone without an active account. */
export const LEAD_WITHOUT_MEMBER_TEXT = 'Lead must have a tenant member';

export const workflowRefs = z.object({
  entity: objectId,
  entityType: z.enum(['tenant-lead', 'tenant-member', 'offer']),
});

/** A workflow, whole: the summary plus each step's status and data, its config and refs (001 §3). */
export const workflow = workflowSummary
  .extend({
    description: z.string().nullable(),
    ownerEmail: z.string().describe("The owner's e-mail"),
    createdBy: objectId.nullable(),
    steps: z.array(workflowStep),
    config: workflowConfig,
    refs: workflowRefs.nullable(),
    completedAt: timestamp.nullable(),
  })
  .meta({
    id: 'Workflow',
    description: 'A workflow with its steps (each with its status and data), what it is about (config) and what it refers to.',
    examples: [
      {
        ...WORKFLOW_SUMMARY_EXAMPLE,
        percentComplete: 7,
        currentStepKey: 'contribution',
        nextStep: { key: 'contribution', name: 'Contribution' },
        description: null,
        ownerEmail: 'jane.doe@example.com',
        createdBy: '6745a1c2e4b0a1b2c3d4e5f1',
        steps: [
          {
            key: 'diligence',
            name: 'Diligence',
            description: "Review the offer's documents before you invest.",
            status: 'completed',
            type: 'question',
            data: { viewedDocuments: ['6745a1c2e4b0a1b2c3d4e5d3'], downloadedDocuments: [], diligenceConfirm: true },
          },
          {
            key: 'contribution',
            name: 'Contribution',
            description: 'Choose the class and how much you invest.',
            status: 'in-progress',
            type: 'question',
            data: {},
          },
        ],
        config: {
          offer: '6745a1c2e4b0a1b2c3d4e5e2',
          institution: '6745a1c2e4b0a1b2c3d4e5e3',
          documents: ['6745a1c2e4b0a1b2c3d4e5d3'],
          amount: 50000,
          esignTemplateId: null,
        },
        refs: null,
        completedAt: null,
      },
    ],
  });
export type Workflow = z.infer<typeof workflow>;

export const createWorkflowBody = z
  .object({
    type: workflowType,
    name: z.string().trim().min(1).max(200).optional().describe("Defaults to 'Investment - ' plus the offer name"),
    description: z.string().trim().max(2000).nullable().optional(),
    owner: objectId
      .optional()
      .describe("Whose workflow: the caller when left out; an institution's team may name an active member of the tenant"),
    config: z
      .object({
        offer: objectId,
        amount: z.number().positive().max(1e13).optional().describe("Defaults to the lowest minimum investment across the offer's classes"),
        esignTemplateId: z.string().trim().max(200).nullable().optional(),
      })
      .strict(),
    refs: workflowRefs.optional(),
  })
  .strict()
  .meta({
    id: 'WorkflowCreate',
    description: 'A new workflow. Investment is the only type that can be created; the offer must be one the caller can see.',
    examples: [{ type: 'investment', config: { offer: '6745a1c2e4b0a1b2c3d4e5e2' } }],
  });
export type CreateWorkflowBody = z.infer<typeof createWorkflowBody>;

export const updateWorkflowBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(2000).nullable().optional(),
  })
  .strict()
  .meta({
    id: 'WorkflowUpdate',
    description: "A workflow's name and description.",
    examples: [{ name: 'Investment - Harbor Lofts (IRA)' }],
  });
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBody>;

export const workflowStepParams = z.object({ workflowId: objectId, stepId: z.string().min(1).max(64) });

/** PUT steps/{stepId}: saves part of a step's data without completing it (the step becomes in progress). */
export const updateWorkflowStepBody = z
  .object({ data: z.record(z.string(), z.unknown()) })
  .strict()
  .meta({
    id: 'WorkflowStepUpdate',
    description:
      "Part of a step's data, saved without completing it. Diligence's viewedDocuments and downloadedDocuments add to what is recorded.",
    examples: [{ data: { viewedDocuments: ['6745a1c2e4b0a1b2c3d4e5d3'] } }],
  });
export type UpdateWorkflowStepBody = z.infer<typeof updateWorkflowStepBody>;

/** PUT steps/{stepId}/complete: the step's whole data, validated with its schema; the current step moves on. */
export const completeWorkflowStepBody = z
  .object({ data: z.record(z.string(), z.unknown()) })
  .strict()
  .meta({
    id: 'WorkflowStepComplete',
    description: "The step's data, validated with the step's schema; the workflow's current step moves to the next one not done.",
    examples: [{ data: { unitClass: 'class-a', unitQuantity: 50, amount: 50000 } }],
  });
export type CompleteWorkflowStepBody = z.infer<typeof completeWorkflowStepBody>;

/** PUT steps/{stepId}/skip and /reset take no data: an empty object. */
export const workflowStepActionBody = z
  .object({})
  .strict()
  .meta({ id: 'WorkflowStepAction', description: 'No fields: the step and the action are in the path.', examples: [{}] });

/** The steps a new workflow of a template starts with: the first in progress, the rest pending, no data. */
export function initialSteps(template: WorkflowTemplate): WorkflowStep[] {
  return template.steps.map((s, i) => ({ ...s, status: i === 0 ? 'in-progress' : 'pending', data: {} }));
}

/** After a step is done (completed or skipped): the next step after it not done, else the first not done anywhere. */
function nextKeyAfter(steps: readonly WorkflowStep[], key: string): string | null {
  const at = steps.findIndex((s) => s.key === key);
  const after = steps.slice(at + 1).find((s) => !DONE.includes(s.status));
  return (after ?? steps.find((s) => !DONE.includes(s.status)))?.key ?? null;
}

export interface StepMove {
  steps: WorkflowStep[];
  currentStepKey: string | null;
  status: WorkflowStatus;
}

function moved(steps: WorkflowStep[], currentStepKey: string | null): StepMove {
  // The step the person lands on shows as in progress; every step done completes the workflow (001 §4).
  const withCurrent = steps.map((s) => (s.key === currentStepKey && s.status === 'pending' ? { ...s, status: 'in-progress' as const } : s));
  const allDone = withCurrent.every((s) => DONE.includes(s.status));
  return { steps: withCurrent, currentStepKey: allDone ? null : currentStepKey, status: allDone ? 'completed' : 'in-progress' };
}

/** 001 §4: completing a step stores its data and moves the current step key to the following step not done. */
export function completeStep(steps: readonly WorkflowStep[], key: string, data: Record<string, unknown>): StepMove {
  const next = steps.map((s) => (s.key === key ? { ...s, status: 'completed' as const, data } : s));
  return moved(next, nextKeyAfter(next, key));
}

/** Skipping a step marks it skipped (back passes over it) and moves on as completing does. */
export function skipStep(steps: readonly WorkflowStep[], key: string): StepMove {
  const next = steps.map((s) => (s.key === key ? { ...s, status: 'skipped' as const } : s));
  return moved(next, nextKeyAfter(next, key));
}

/** Resetting a step clears its data and makes it the current step again; the workflow is in progress again. */
export function resetStep(steps: readonly WorkflowStep[], key: string): StepMove {
  const next = steps.map((s) => (s.key === key ? { ...s, status: 'in-progress' as const, data: {} } : s));
  return moved(next, key);
}

/** Saving part of a step's data: the step is in progress (a completed step keeps its status) and the current step stays. */
export function updateStep(
  steps: readonly WorkflowStep[],
  key: string,
  data: Record<string, unknown>,
  currentStepKey: string | null,
): StepMove {
  const next = steps.map((s) =>
    s.key === key ? { ...s, status: s.status === 'completed' ? s.status : ('in-progress' as const), data: { ...s.data, ...data } } : s,
  );
  return moved(next, currentStepKey);
}

/** 001 §2: back goes to the nearest earlier step that is not skipped; null on the first. */
export function previousStepKey(steps: readonly Pick<WorkflowStep, 'key' | 'status'>[], key: string): string | null {
  const at = steps.findIndex((s) => s.key === key);
  for (let i = at - 1; i >= 0; i--) if (steps[i]!.status !== 'skipped') return steps[i]!.key;
  return null;
}
