import { applicationStatusLabels, verificationMethodLabels } from '@tessera/domain';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { formatDate, useDateFormats } from '../../../lib/format.ts';
import { useLeadAccreditation } from '../api/get-lead-accreditation.ts';

/**
 * What the team may know of the lead's accreditation (002 §7 accreditation-application): the newest application's
 * status, how it was verified and until when an approval holds; nothing of the answers or the evidence.
 */
export function LeadAccreditationSummary({ tenantId, leadId }: { tenantId: string; leadId: string }) {
  useDateFormats();
  const accreditation = useLeadAccreditation(tenantId, leadId);
  if (accreditation.isPending) return null;
  if (accreditation.error) return <DefinitionList rows={[['Accreditation', 'Could not be loaded']]} />;
  const a = accreditation.data;
  if (!a) return <DefinitionList rows={[['Accreditation', 'Not started']]} />;
  return (
    <DefinitionList
      rows={[
        ['Accreditation', applicationStatusLabels[a.status]],
        ...(a.verificationMethod ? [['Verified by', verificationMethodLabels[a.verificationMethod]] as const] : []),
        ...(a.expiresAt ? [[a.expired ? 'Expired' : 'Expires', formatDate(a.expiresAt)] as const] : []),
      ]}
    />
  );
}
