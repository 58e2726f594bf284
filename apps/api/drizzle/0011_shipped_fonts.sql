-- Branding offers only fonts that ship with the web app (issue #17). TT Chocolates, a commercial face that cannot
-- be bundled, was never loaded: pages showed the stack's next font, Roboto. Tenants that chose it get Roboto, so
-- their pages look as before and the stored theme stays valid against the narrowed enumeration.
UPDATE "tenants"
SET "branding" = jsonb_set("branding", '{theme,fontFamily}', '"Roboto"')
WHERE "branding" #>> '{theme,fontFamily}' = 'TT Chocolates';
