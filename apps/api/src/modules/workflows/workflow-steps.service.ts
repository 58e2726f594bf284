import {
  completeStep,
  diffChanges,
  investmentStepData,
  investmentStepKey,
  resetStep,
  skipStep,
  updateStep,
  userDisplayName,
  type InvestmentStepKey,
  type StepMove,
  type Workflow,
  type WorkflowConfig,
  type WorkflowStep,
} from '@tessera/domain';
import { z } from 'zod';
import type { WorkflowRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { recordEvent } from '../timeline/index.ts';
import { loadOwnWorkflow } from './workflow-access.ts';
import { mailSubscription } from './workflow-mails.ts';
import { checkCompletion, diligenceDocuments, ESIGNATURE_STEP_TEXT, type StepContext } from './workflow-step-rules.ts';
import { configOf } from './workflow-view.ts';
import * as repo from './workflows.repository.ts';
import { answer, workflowRefs, type WorkflowDeps } from './workflows.service.ts';

/** Where the change is made: the origin the institution's mail links to. */
export interface StepSite {
  origin: string;
}

const UNSKIPPABLE: readonly string[] = ['summary', 'esignature'];

export const SIGNED_ANSWERS_TEXT = 'The subscription agreement is signed: its answers can no longer change';

interface Moved {
  move: StepMove;
  config?: WorkflowConfig;
  verb: string;
}

function stepKeyOf(workflow: WorkflowRow, key: string): { step: WorkflowStep; investmentKey: InvestmentStepKey | null } {
  const step = workflow.steps.find((s) => s.key === key);
  if (!step) throw notFound('Step');
  const parsed = investmentStepKey.safeParse(key);
  return { step, investmentKey: workflow.type === 'investment' && parsed.success ? parsed.data : null };
}

/**
 * One change to a step, as every step route makes it (001 §4, 002 §7): the owner's workflow (the institution's team is
 * 403), locked for the transaction so two tabs cannot overwrite each other's steps, not completed (409), the step known
 * (404); then the move, its config change if any, and a timeline event with the old and new values, in one transaction.
 */
async function change(
  deps: WorkflowDeps,
  auth: AuthContext,
  id: string,
  key: string,
  build: (ctx: StepContext, step: WorkflowStep, investmentKey: InvestmentStepKey | null) => Promise<Moved> | Moved,
): Promise<{ workflow: Workflow; completed: boolean }> {
  const now = deps.clock.now();
  const completed = await deps.db.transaction(async (tx) => {
    await loadOwnWorkflow(tx, auth, id);
    const workflow = (await repo.lockWorkflow(tx, auth.tenantId, id))!;
    if (workflow.status === 'completed') throw new AppError('conflict', 'This workflow is completed: its steps can no longer change');
    // The signed agreement holds the answers as they were: after signing, only the summary is left to submit.
    const signed = workflow.steps.some((s) => s.key === 'esignature' && s.status === 'completed');
    if (signed && key !== 'summary') throw new AppError('conflict', SIGNED_ANSWERS_TEXT);
    const { step, investmentKey } = stepKeyOf(workflow, key);
    const config = configOf(workflow.config);
    const moved = await build({ db: tx, auth, workflow, config, now }, step, investmentKey);
    await repo.saveStepMove(tx, auth.tenantId, id, moved.move, now);
    if (moved.config) await repo.updateWorkflowRow(tx, auth.tenantId, id, { config: moved.config });
    const after = moved.move.steps.find((s) => s.key === key)!;
    const diff = diffChanges<Record<string, unknown>>(
      {
        [`steps.${key}.status`]: step.status,
        [`steps.${key}.data`]: step.data,
        currentStepKey: workflow.currentStepKey,
        status: workflow.status,
        amount: config.amount,
      },
      {
        [`steps.${key}.status`]: after.status,
        [`steps.${key}.data`]: after.data,
        currentStepKey: moved.move.currentStepKey,
        status: moved.move.status,
        amount: moved.config?.amount,
      },
    );
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: moved.move.status !== workflow.status ? 'status' : 'update',
      entity: id,
      entityType: 'workflow',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} ${moved.verb} the step ${step.name} of ${workflow.name}`,
      meta: { change: diff },
      refs: workflowRefs(workflow),
    });
    return moved.move.status === 'completed';
  });
  return { workflow: await answer(deps.db, auth.tenantId, id), completed };
}

/**
 * Part of an investment step's data, each field checked with the step's schema (unknown fields refused): what a step's
 * form saves as the person goes (diligence records each view and download).
 */
function parsePartial(key: InvestmentStepKey, data: Record<string, unknown>): Record<string, unknown> {
  const shape = (investmentStepData[key] as unknown as z.ZodObject).shape;
  const issues: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    const schema = shape[field] as z.ZodType | undefined;
    if (!schema) {
      issues.push(`body.data.${field}: unknown field`);
      continue;
    }
    const result = schema.safeParse(value);
    if (result.success) parsed[field] = result.data;
    else issues.push(...result.error.issues.map((i) => `body.data.${[field, ...i.path].join('.')}: ${i.message}`));
  }
  if (issues.length > 0) throw new AppError('validation', issues.join('; '));
  return parsed;
}

/** PUT steps/{key}: saves part of a step's data without completing it; the step is in progress, the current step stays. */
export async function updateWorkflowStep(deps: WorkflowDeps, auth: AuthContext, id: string, key: string, data: Record<string, unknown>) {
  const { workflow } = await change(deps, auth, id, key, (ctx, _step, investmentKey) => {
    if (key === 'esignature') throw new AppError('bad-request', ESIGNATURE_STEP_TEXT);
    let saved = investmentKey ? parsePartial(investmentKey, data) : data;
    if (investmentKey === 'diligence') saved = { ...saved, ...diligenceDocuments(ctx, saved) };
    return { move: updateStep(ctx.workflow.steps, key, saved, ctx.workflow.currentStepKey), verb: 'updated' };
  });
  return workflow;
}

/**
 * PUT steps/{key}/complete: the step's data checked (schema, then the server's rules), stored, and the current step
 * moved on. Completing the summary completes the workflow; the institution's team is then told by mail.
 */
export async function completeWorkflowStep(
  deps: WorkflowDeps,
  auth: AuthContext,
  site: StepSite,
  id: string,
  key: string,
  data: Record<string, unknown>,
): Promise<Workflow> {
  const { workflow, completed } = await change(deps, auth, id, key, async (ctx, _step, investmentKey) => {
    if (!investmentKey) throw new AppError('bad-request', 'Only the steps of an investment workflow are answered here');
    const checked = await checkCompletion(ctx, investmentKey, data);
    return {
      move: completeStep(ctx.workflow.steps, key, checked.data),
      ...(checked.config && { config: checked.config }),
      verb: 'completed',
    };
  });
  if (completed && workflow.institution) await mailSubscription(deps, site, auth.tenantId, workflow);
  return workflow;
}

/** PUT steps/{key}/skip: the step is passed over (back skips it too); the summary and the signature cannot be. */
export async function skipWorkflowStep(deps: WorkflowDeps, auth: AuthContext, id: string, key: string): Promise<Workflow> {
  const { workflow } = await change(deps, auth, id, key, (ctx, step) => {
    if (UNSKIPPABLE.includes(key)) throw new AppError('bad-request', `The ${step.name} step cannot be skipped`);
    return { move: skipStep(ctx.workflow.steps, key), verb: 'skipped' };
  });
  return workflow;
}

/** PUT steps/{key}/reset: the step's data cleared; it becomes the current step again. */
export async function resetWorkflowStep(deps: WorkflowDeps, auth: AuthContext, id: string, key: string): Promise<Workflow> {
  const { workflow } = await change(deps, auth, id, key, (ctx, step) => {
    if (key === 'esignature' && step.status === 'completed')
      throw new AppError('conflict', 'The subscription agreement is signed: its step cannot be reset');
    return { move: resetStep(ctx.workflow.steps, key), verb: 'reset' };
  });
  return workflow;
}
