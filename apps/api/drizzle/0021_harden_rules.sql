-- Parsed document text is classified (issue #21): encrypted, with keyed word hashes for search. Rows parsed before
-- keep their plain text in parsed_text until the app's first start, which moves it into these two columns (the key
-- is the app's, not the database's: documents sealLegacyParsedText).
ALTER TABLE "documents" ADD COLUMN "parsed_text_encrypted" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "parsed_terms" text[];--> statement-breakpoint
-- Promo buttons link to a path of this site, an https:// address or mailto: (packages/domain tenant.ts isPromoLink).
-- Stored links that the narrowed rule refuses are mended the way browsers read them on the https site: '//host/x' and
-- '/\host/x' opened host/x, so they become 'https://host/x'; 'http://' becomes 'https://'. A link still refused is
-- removed with its button (the card stays), so the stored messaging stays valid against the schema that serves it.
-- Idempotent: a valid link maps to itself.
UPDATE "tenants" t
SET "branding" = jsonb_set(t."branding", '{messaging,promoCards}', (
  SELECT coalesce(jsonb_agg(
    jsonb_set(c.card, '{buttons}', (
      SELECT coalesce(jsonb_agg(jsonb_set(b.button, '{url}', to_jsonb(m.url)) ORDER BY b.n), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(c.card->'buttons', '[]'::jsonb)) WITH ORDINALITY AS b(button, n)
      CROSS JOIN LATERAL (SELECT btrim(b.button->>'url') AS given) g
      CROSS JOIN LATERAL (SELECT CASE
        WHEN g.given ~ '^/[/\\]' THEN 'https://' || substr(g.given, 3)
        WHEN g.given ~* '^http://' THEN 'https://' || substr(g.given, 8)
        ELSE g.given END AS url) m
      WHERE m.url ~ '^/([^/\\[:space:][:cntrl:]][^\\[:space:][:cntrl:]]*)?$'
        OR m.url ~* '^https://[^/?#\\@[:space:]]+([/?#][^\\[:space:]]*)?$'
        OR m.url ~* '^mailto:[^@[:space:]]+@[^@[:space:]]+$'
    )) ORDER BY c.n), '[]'::jsonb)
  FROM jsonb_array_elements(t."branding"->'messaging'->'promoCards') WITH ORDINALITY AS c(card, n)
))
WHERE jsonb_typeof(t."branding"->'messaging'->'promoCards') = 'array';
