import { describe, expect, it } from 'vitest';
import { workflowNextStep, workflowPercentComplete, type WorkflowStepStatus } from './workflow.ts';

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
