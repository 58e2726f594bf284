import type { StepProps } from './step-props.ts';

// SEAM: replaced by the helper that owns this step (see /work/wt/HELPERS.md); must not reach main as is.
export function InvestorTypeStep(_props: StepProps) {
  return null;
}
