import { BillingPanel } from '../../billing/index.ts';
import { InstitutionTabFrame } from './institution-tab-frame.tsx';

/** Billing tab (issue #23): the institution's plan, cards, invoices and billing profile, for its GPs and the tenant's owners. */
export function InstitutionBillingTab() {
  return (
    <InstitutionTabFrame label="Billing">
      {({ tenantId, institution }) => <BillingPanel key={institution._id} tenantId={tenantId} institutionId={institution._id} />}
    </InstitutionTabFrame>
  );
}
