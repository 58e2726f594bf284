import { Avatar, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { imageSrcSet, initials, institutionTypeLabels, type InstitutionType } from '@tessera/domain';
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
 * An institution's logo in a rounded square `size` pixels wide (its initials without one). The browser picks the
 * narrowest copy of the API's image for that size (a 1,000 px logo is not sent for a 64 px square); the server's first
 * screen of an offer lists the same `srcset` and `sizes` for its 64 px logo.
 */
export function InstitutionLogoAvatar({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  const srcSet = imageSrcSet(logoUrl);
  return (
    <Avatar
      src={logoUrl ?? undefined}
      srcSet={srcSet}
      sizes={srcSet ? `${size}px` : undefined}
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
