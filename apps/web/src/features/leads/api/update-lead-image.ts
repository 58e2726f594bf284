import { tenantLead } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { uploadImage } from '../../images/index.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadMutation } from './lead-mutation.ts';

/** PUT …/{id}/image: `image` is the id POST image returned, or null to remove the avatar. */
export function updateLeadImage(tenantId: string, id: string, image: string | null) {
  return api.put(`${leadPath(tenantId, id)}/image`, { image }, tenantLead);
}

/** Uploads the file (POST image, type lead, tags lead and profile; 002 §7) and makes it the lead's avatar, as one mutation. */
export function useUpdateLeadImage(tenantId: string, id: string) {
  return useLeadMutation(tenantId, id, async (file: File) => {
    const uploaded = await uploadImage({ file, name: file.name, type: 'lead', tags: ['lead', 'profile'] });
    return updateLeadImage(tenantId, id, uploaded._id);
  });
}
