import { Alert, Stack } from '@mui/material';
import { BILLING_TEXTS } from '@tessera/domain';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useBillingPlan } from '../api/get-billing-plan.ts';
import { usePricing } from '../api/get-pricing.ts';
import { BillingProfileSection } from './billing-profile-form.tsx';
import { BillingLoadError } from './billing-section-state.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { PaymentMethodsSection } from './payment-methods-section.tsx';
import { PlanOptions } from './plan-options.tsx';

interface BillingPanelProps {
  tenantId: string;
  institutionId: string;
}

/**
 * An institution's billing (issue #23): its plan and usage, the plans to move to with the proration shown first, its
 * cards, invoices and billing profile. The same panel for the institution's GPs and the tenant's owners; the plan's
 * canManage says whether the caller may change anything (the team's editors read only), and tenant owners also record
 * bank transfers.
 */
export function BillingPanel({ tenantId, institutionId }: BillingPanelProps) {
  const pricing = usePricing(tenantId, institutionId);
  const plan = useBillingPlan(tenantId, institutionId);
  const error = pricing.error ?? plan.error;
  if (error)
    return (
      <BillingLoadError
        error={error}
        onRetry={() => {
          void pricing.refetch();
          void plan.refetch();
        }}
      />
    );
  if (!pricing.data || !plan.data) return <SkeletonList rows={6} label="Loading billing" />;

  const { canManage } = plan.data;
  return (
    <Stack spacing={2}>
      {!canManage && <Alert severity="info">{BILLING_TEXTS.managersOnly}</Alert>}
      <CurrentPlanCard state={plan.data} currency={pricing.data.currency} />
      <PlanOptions tenantId={tenantId} institutionId={institutionId} pricing={pricing.data} state={plan.data} />
      <PaymentMethodsSection
        tenantId={tenantId}
        institutionId={institutionId}
        provider={pricing.data.provider}
        publishableKey={pricing.data.publishableKey}
        canManage={canManage}
      />
      <InvoicesSection tenantId={tenantId} institutionId={institutionId} />
      <BillingProfileSection tenantId={tenantId} institutionId={institutionId} canManage={canManage} />
    </Stack>
  );
}
