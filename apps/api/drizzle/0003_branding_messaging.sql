-- Branding gained the investor dashboard's messaging: tenants created before it get the default.
UPDATE "tenants"
SET "branding" = "branding" || jsonb_build_object('messaging', jsonb_build_object(
  'welcomeTitle', 'Welcome',
  'welcomeText', 'Discover private investment opportunities, verified once and tracked in one place.',
  'promoCards', '[]'::jsonb))
WHERE NOT ("branding" ? 'messaging');
