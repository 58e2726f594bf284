import { ContactEditor } from '../../contact/index.ts';
import { useUpdateLegalEntityProfileContact } from '../api/update-legal-entity-profile-contact.ts';
import { useLegalEntityOutlet } from './legal-entity-profile-page.tsx';

/** The entity's contact: the shared editor saves the whole contact with PUT .../contact. */
export function LegalEntityContactTab() {
  const profile = useLegalEntityOutlet();
  const update = useUpdateLegalEntityProfileContact(profile._id);
  return (
    <ContactEditor
      contact={profile.contact}
      saving={update.isPending}
      onSave={async (contact) => {
        await update.mutateAsync(contact);
      }}
    />
  );
}
