import { investorType, type Workflow } from '@tessera/domain';

/** The investor type answered in its step, which decides what ownership and profiles ask; null until answered. */
export function chosenInvestorType(workflow: Pick<Workflow, 'steps'>) {
  const parsed = investorType.safeParse(workflow.steps.find((s) => s.key === 'investor-type')?.data.investorType);
  return parsed.success ? parsed.data : null;
}
