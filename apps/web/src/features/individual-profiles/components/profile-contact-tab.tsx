import { useIndividualProfile } from '../api/get-individual-profile.ts';
import { useUpdateIndividualProfileContact } from '../api/update-individual-profile-contact.ts';
import { ContactEditor } from '../../contact/index.ts';
import { useProfileId } from './individual-profile-page.tsx';

export function ProfileContactTab() {
  const id = useProfileId();
  const profile = useIndividualProfile(id);
  const save = useUpdateIndividualProfileContact(id);
  if (!profile.data) return null;
  return (
    <ContactEditor
      contact={profile.data.contact}
      saving={save.isPending}
      onSave={async (contact) => {
        await save.mutateAsync(contact);
      }}
    />
  );
}
