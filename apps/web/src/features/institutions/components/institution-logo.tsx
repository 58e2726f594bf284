import { Avatar } from '@mui/material';
import { initials, institutionDisplayName, type Institution } from '@tessera/domain';
import { useImageUrl } from '../../images/index.ts';

/** The first visible logo image, in order. */
const logoImageOf = (institution: Pick<Institution, 'images'>) =>
  [...institution.images].sort((a, b) => a.position - b.position).find((i) => i.purpose === 'logo' && !i.hidden)?.image ?? null;

/** An institution's logo (fetched with the session, as images need it), or its initials while there is none. */
export function InstitutionLogo({
  institution,
  size = 40,
}: {
  institution: Pick<Institution, '_id' | 'name' | 'slug' | 'images'>;
  size?: number;
}) {
  const { data: url } = useImageUrl(logoImageOf(institution));
  return (
    <Avatar
      src={url}
      alt=""
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(institutionDisplayName(institution))}
    </Avatar>
  );
}
