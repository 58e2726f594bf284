import type { InvestmentStepKey } from '@tessera/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StepProps } from './step-props.ts';

/** Each investment step's screen, loaded when first shown (the workflow screen is one route; its steps split). */
export const stepScreens: Record<InvestmentStepKey, LazyExoticComponent<ComponentType<StepProps>>> = {
  diligence: lazy(() => import('./diligence-step.tsx').then((m) => ({ default: m.DiligenceStep }))),
  contribution: lazy(() => import('./contribution-step.tsx').then((m) => ({ default: m.ContributionStep }))),
  'investor-type': lazy(() => import('./investor-type-step.tsx').then((m) => ({ default: m.InvestorTypeStep }))),
  ownership: lazy(() => import('./ownership-step.tsx').then((m) => ({ default: m.OwnershipStep }))),
  profiles: lazy(() => import('./profiles-step.tsx').then((m) => ({ default: m.ProfilesStep }))),
  representations: lazy(() => import('./representations-step.tsx').then((m) => ({ default: m.RepresentationsStep }))),
  purpose: lazy(() => import('./purpose-step.tsx').then((m) => ({ default: m.PurposeStep }))),
  communication: lazy(() => import('./communication-step.tsx').then((m) => ({ default: m.CommunicationStep }))),
  qualification: lazy(() => import('./qualification-step.tsx').then((m) => ({ default: m.QualificationStep }))),
  'financial-account': lazy(() => import('./financial-account-step.tsx').then((m) => ({ default: m.FinancialAccountStep }))),
  distribution: lazy(() => import('./distribution-step.tsx').then((m) => ({ default: m.DistributionStep }))),
  esignature: lazy(() => import('./esignature-step.tsx').then((m) => ({ default: m.EsignatureStep }))),
  summary: lazy(() => import('./summary-step.tsx').then((m) => ({ default: m.SummaryStep }))),
};
