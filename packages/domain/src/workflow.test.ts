import { describe, expect, it } from 'vitest';
import {
  completeStep,
  defaultInvestmentAmount,
  initialSteps,
  investmentWorkflowName,
  previousStepKey,
  resetStep,
  skipStep,
  updateStep,
  WORKFLOW_TEMPLATES,
  workflowNextStep,
  workflowPercentComplete,
  type WorkflowStep,
  type WorkflowStepStatus,
} from './workflow.ts';

const steps = (...statuses: WorkflowStepStatus[]) => statuses.map((status, i) => ({ key: `s${i}`, status }));

describe('workflow progress (001 §4)', () => {
  it('is completed steps over all steps in whole percent, rounded down; skipped steps are not completed', () => {
    expect(workflowPercentComplete([])).toBe(0);
    expect(workflowPercentComplete(steps('completed', 'pending', 'pending'))).toBe(33);
    expect(workflowPercentComplete(steps('completed', 'completed', 'pending'))).toBe(66);
    expect(workflowPercentComplete(steps('completed', 'skipped'))).toBe(50);
    expect(workflowPercentComplete(steps('completed', 'completed'))).toBe(100);
  });

  it('names the current step next unless it is done, else the first step not done', () => {
    expect(workflowNextStep(steps('completed', 'in-progress', 'pending'), 's1')?.key).toBe('s1');
    expect(workflowNextStep(steps('completed', 'skipped', 'pending'), 's1')?.key).toBe('s2');
    expect(workflowNextStep(steps('error', 'pending'), null)?.key).toBe('s0');
    expect(workflowNextStep(steps('completed', 'skipped'), 's1')).toBeNull();
  });
});

describe('the step engine (001 §4)', () => {
  const template = initialSteps(WORKFLOW_TEMPLATES.investment);
  const statusOf = (move: { steps: WorkflowStep[] }, key: string) => move.steps.find((s) => s.key === key)?.status;

  it('starts with the first step in progress and the rest pending, without data', () => {
    expect(template[0]).toMatchObject({ key: 'diligence', status: 'in-progress', data: {} });
    expect(template.slice(1).every((s) => s.status === 'pending')).toBe(true);
  });

  it('completes a step with its data and moves to the next step not done, which shows in progress', () => {
    const move = completeStep(template, 'diligence', { diligenceConfirm: true });
    expect(move).toMatchObject({ currentStepKey: 'contribution', status: 'in-progress' });
    expect(move.steps[0]).toMatchObject({ status: 'completed', data: { diligenceConfirm: true } });
    expect(statusOf(move, 'contribution')).toBe('in-progress');
    // Completing a later step out of order moves on after it; one already done is passed over.
    const later = completeStep(completeStep(move.steps, 'investor-type', {}).steps, 'contribution', { amount: 1 });
    expect(later.currentStepKey).toBe('ownership');
  });

  it('goes back to the first step not done when nothing after the step is left, and completes when every step is done', () => {
    let move = completeStep(template, 'contribution', {});
    for (const s of template.slice(2)) move = completeStep(move.steps, s.key, {});
    // The last step done with the first still open: back to it.
    expect(move).toMatchObject({ currentStepKey: 'diligence', status: 'in-progress' });
    const all = skipStep(move.steps, 'diligence');
    expect(all).toMatchObject({ status: 'completed', currentStepKey: null });
  });

  it('skips a step as done but not completed, and back passes over skipped steps', () => {
    const skipped = skipStep(template, 'diligence');
    expect(statusOf(skipped, 'diligence')).toBe('skipped');
    expect(skipped.currentStepKey).toBe('contribution');
    expect(workflowPercentComplete(skipped.steps)).toBe(0);
    const twice = skipStep(completeStep(skipped.steps, 'contribution', {}).steps, 'investor-type');
    expect(previousStepKey(twice.steps, 'ownership')).toBe('contribution');
    expect(previousStepKey(twice.steps, 'contribution')).toBeNull();
    expect(previousStepKey(template, 'diligence')).toBeNull();
  });

  it('resets a step: its data cleared, it is the current step again, and the workflow is in progress again', () => {
    const done = completeStep(template, 'diligence', { diligenceConfirm: true });
    const reset = resetStep(done.steps, 'diligence');
    expect(reset.steps[0]).toMatchObject({ status: 'in-progress', data: {} });
    expect(reset).toMatchObject({ currentStepKey: 'diligence', status: 'in-progress' });
    let all = template;
    for (const s of template) all = completeStep(all, s.key, {}).steps;
    expect(resetStep(all, 'summary')).toMatchObject({ status: 'in-progress', currentStepKey: 'summary' });
  });

  it('saves part of the data without moving; a completed step stays completed', () => {
    const saved = updateStep(template, 'contribution', { amount: 5 }, 'diligence');
    expect(saved.steps[1]).toMatchObject({ status: 'in-progress', data: { amount: 5 } });
    expect(saved.currentStepKey).toBe('diligence');
    const merged = updateStep(saved.steps, 'contribution', { unitClass: 'a' }, 'diligence');
    expect(merged.steps[1]!.data).toEqual({ amount: 5, unitClass: 'a' });
    const completed = completeStep(template, 'diligence', { diligenceConfirm: true });
    expect(updateStep(completed.steps, 'diligence', { viewedDocuments: [] }, 'contribution').steps[0]!.status).toBe('completed');
  });

  it('counts progress through the moves, rounded down', () => {
    let steps = template;
    const percents: number[] = [];
    for (const s of template) {
      steps = completeStep(steps, s.key, {}).steps;
      percents.push(workflowPercentComplete(steps));
    }
    expect(percents).toEqual([7, 15, 23, 30, 38, 46, 53, 61, 69, 76, 84, 92, 100]);
  });
});

describe('defaults of a new investment (001 §9)', () => {
  it('names it after the offer and takes the lowest minimum across classes (none without classes)', () => {
    expect(investmentWorkflowName('Harbor Lofts')).toBe('Investment - Harbor Lofts');
    expect(defaultInvestmentAmount([{ minimumInvestment: 50_000 }, { minimumInvestment: 25_000 }])).toBe(25_000);
    expect(defaultInvestmentAmount([])).toBeNull();
  });
});
