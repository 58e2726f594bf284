import { tenantMemberAdmin } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { uploadImage } from '../../images/index.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

/** PUT members/{id}/image: `image` is the id POST image returned, or null to clear it. */
export function updateMemberImage(tenantId: string, id: string, image: string | null) {
  return api.put(`${membersPath(tenantId)}/${encodeURIComponent(id)}/image`, { image }, tenantMemberAdmin);
}

/** Uploads the file (POST image) and makes it the member's image, as one mutation. */
export function useUpdateMemberImage(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, async (file: File) => {
    const uploaded = await uploadImage({ file, type: 'tenant-member', tags: ['tenant-member', 'profile'] });
    return updateMemberImage(tenantId, id, uploaded._id);
  });
}
