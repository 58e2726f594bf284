import { memberDisplayName, type TenantMemberAdmin } from '@tessera/domain';
import { ImageAvatarUpload } from '../../../components/image-avatar-upload.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useImageUrl } from '../../images/index.ts';
import { useUpdateMemberImage } from '../api/update-member-image.ts';

/** The member's image with a camera button to replace it: 'Member image updated' or the server message (000 §8). */
export function MemberImage({ tenantId, member }: { tenantId: string; member: TenantMemberAdmin }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMemberImage(tenantId, member._id);
  const image = useImageUrl(member.image);

  const onFile = (file: File) =>
    update.mutate(file, {
      onSuccess: () => enqueueSnackbar('Member image updated', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  return (
    <ImageAvatarUpload
      src={image.data}
      name={memberDisplayName(member)}
      label="Change member image"
      pending={update.isPending}
      onFile={onFile}
      inputTestId="member-image-input"
    />
  );
}
