import { Avatar, type SxProps, type Theme } from '@mui/material';
import { initials, institutionDisplayName, type Institution } from '@tessera/domain';

/** An institution's logo, or its initials when it has none. */
export function InstitutionAvatar({
  institution,
  size = 40,
  sx,
}: {
  institution: Pick<Institution, '_id' | 'name' | 'slug' | 'logoUrl'>;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  const name = institutionDisplayName(institution);
  return (
    <Avatar
      src={institution.logoUrl ?? undefined}
      alt=""
      variant="rounded"
      sx={[
        { width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials(name)}
    </Avatar>
  );
}
