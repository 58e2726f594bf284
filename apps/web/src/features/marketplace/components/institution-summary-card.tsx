import { Avatar, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { imageCopyUrl, initials, institutionTypeLabels, MARKETPLACE_LOGO_COPY_WIDTH, type InstitutionType } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';

export const marketplaceInstitutionPath = (idOrSlug: string) => `/marketplace/institutions/${encodeURIComponent(idOrSlug)}`;

interface InstitutionSummary {
  name: string;
  slug: string;
  type: InstitutionType;
  descriptionShort: string | null;
  logoUrl: string | null;
}

/**
 * An institution's logo in a rounded square `size` pixels wide (its initials without one). It asks for the API's
 * 320 px copy (MARKETPLACE_LOGO_COPY_WIDTH), not the original: a 1,000 px logo is not sent for a 64 px square. The
 * server's first screen of an offer asks for the same copy, so the page downloads it once.
 */
export function InstitutionLogoAvatar({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  return (
    <Avatar
      src={logoUrl ? imageCopyUrl(logoUrl, MARKETPLACE_LOGO_COPY_WIDTH) : undefined}
      alt=""
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(name)}
    </Avatar>
  );
}

/** The institution behind an offer: logo, name, type, short description and a link to its marketplace page. */
export function InstitutionSummaryCard({ institution }: { institution: InstitutionSummary }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <InstitutionLogoAvatar name={institution.name} logoUrl={institution.logoUrl} />
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {institution.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {institutionTypeLabels[institution.type]}
              </Typography>
            </Stack>
          </Stack>
          {institution.descriptionShort && <Typography variant="body2">{institution.descriptionShort}</Typography>}
          <Button
            component={RouterLink}
            to={marketplaceInstitutionPath(institution.slug)}
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
          >
            {`View ${institution.name}`}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
