import { z } from 'zod';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';

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

/** A row of the workflow list: what the investments screen's card shows (001 §2 Investments screen). */
export const workflowSummary = z
  .object({
    _id: objectId,
    name: z.string(),
    type: workflowType,
    status: workflowStatus,
    owner: objectId,
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
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5e1',
        name: 'Investment - Summit Ridge Apartments',
        type: 'investment',
        status: 'in-progress',
        owner: '6745a1c2e4b0a1b2c3d4e5f1',
        offer: { _id: '6745a1c2e4b0a1b2c3d4e5e2', name: 'Summit Ridge Apartments' },
        institution: { _id: '6745a1c2e4b0a1b2c3d4e5e3', name: 'Summit Ridge Capital' },
        amount: 50000,
        percentComplete: 15,
        currentStepKey: 'investor-type',
        nextStep: { key: 'investor-type', name: 'Investor type' },
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-26T16:20:00.000Z',
      },
    ],
  });
export type WorkflowSummary = z.infer<typeof workflowSummary>;

/** GET tenant/{t}/workflows: the caller's own workflows, newest first. */
export const workflowListQuery = pageQuery.extend({
  status: workflowStatus.optional().describe('Only the workflows in this status'),
  type: workflowType.optional().describe('Only the workflows of this type'),
});
export type WorkflowListQuery = z.infer<typeof workflowListQuery>;
