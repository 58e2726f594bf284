import { Box, Typography } from '@mui/material';
import { BRAND_LOGO_HEIGHT, brandLogoSizes, initials, pickBrandLogo } from '@tessera/domain';
import { useTenant } from '../lib/tenant/use-tenant.ts';
import { useThemeMode } from '../lib/theme/use-theme-mode.ts';
import { TesseraWordmark } from './tessera-wordmark.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The tenant's logo by mode; its icon (or monogram) and name when it has no logo; the product wordmark without a tenant slug.
 * `compact`: under 600 px, where a signed-in top bar has no room for a name, the icon or monogram alone (and a narrower
 * logo): a name cut to its first letter says less than the monogram. The link around it carries the name.
 */
export function BrandLogo({ height = BRAND_LOGO_HEIGHT, compact = false }: { height?: number; compact?: boolean }) {
  const { tenant, tenantSlug, name } = useTenant();
  const { mode } = useThemeMode();
  const sizes = brandLogoSizes(height);
  if (!tenantSlug || !tenant) return <TesseraWordmark height={sizes.wordmark} />;

  const logo = pickBrandLogo(tenant.branding.images, mode);
  if (logo)
    return (
      <Box
        component="img"
        src={logo.url}
        alt={name}
        sx={{ height, maxWidth: { xs: compact ? 96 : 140, sm: 200 }, objectFit: 'contain', display: 'block' }}
      />
    );

  const icon = tenant.branding.images.find((i) => i.type === 'icon');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {icon ? (
        <Box component="img" src={icon.url} alt="" sx={{ height, width: height, objectFit: 'contain' }} />
      ) : (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            width: height,
            height,
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: sizes.monogramFont,
          }}
        >
          {initials(name)}
        </Box>
      )}
      <Typography
        component="span"
        noWrap
        sx={{
          fontWeight: 700,
          fontSize: sizes.nameFont,
          color: 'text.primary',
          // Compact: the name stays the link's accessible name, out of sight under 600 px.
          ...(compact && { '@media (max-width: 599.95px)': visuallyHidden }),
        }}
      >
        {name}
      </Typography>
    </Box>
  );
}
