import { errorMessage } from '../../../lib/api-client.ts';
import { ContactEditor } from '../../contact/index.ts';
import { useUpdateInstitutionContact } from '../api/update-institution-contact.ts';
import { InstitutionTabFrame, type InstitutionTabProps } from './institution-tab-frame.tsx';

/** §8 institution toasts: every save of the contact is 'contact updated'; a failure shows the server's message. */
const TEXTS = {
  saved: 'contact updated',
  deleted: 'contact updated',
  saveFailed: 'Error updating institution',
  deleteFailed: 'Error updating institution',
};

/** Contact tab: the institution's addresses, e-mails, phones, faxes and links, with the passport's contact editor. */
export function InstitutionContactTab() {
  return (
    <InstitutionTabFrame label="Contact">
      {({ tenantId, institution }) => <InstitutionContact key={institution._id} tenantId={tenantId} institution={institution} />}
    </InstitutionTabFrame>
  );
}

function InstitutionContact({ tenantId, institution }: InstitutionTabProps) {
  const update = useUpdateInstitutionContact(tenantId, institution._id);
  return (
    <ContactEditor
      contact={institution.contact}
      saving={update.isPending}
      texts={TEXTS}
      errorText={(error, fallback) => errorMessage(error) || fallback}
      onSave={async (contact) => {
        await update.mutateAsync({ contact });
      }}
    />
  );
}
