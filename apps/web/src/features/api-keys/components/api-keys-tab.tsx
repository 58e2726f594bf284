import { useTenantSettingsOutlet } from '../../tenant-admin/index.ts';
import { WebhooksPanel } from '../../webhooks/index.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { DeveloperSections } from './developer-sections.tsx';

const INTRO =
  "A private key lets your servers call this organization's API with the scopes you choose, until it expires or is revoked; a public key only reads the public marketplace, for embedding offers in your own site. Keys are shown once, when generated.";
const HELP = {
  private: "A private key lets your servers call this organization's API, within the scopes you choose. Keep it secret.",
  public: "A public key lets web pages on the sites you allow read this organization's public marketplace, to embed its offers.",
};
const WEBHOOKS_INTRO =
  "Your servers hear about events (a lead created, a workflow completed, an application's status changed, an offer published…) as signed HTTP POSTs to the endpoints you register here.";

/** /tenant/settings/api: the tenant's API keys and webhook endpoints. */
export function TenantSettingsApiTab() {
  const tenantId = useTenantSettingsOutlet()._id;
  return (
    <DeveloperSections
      keys={<ApiKeysPanel owner={{ tenantId }} intro={INTRO} help={HELP} />}
      webhooks={<WebhooksPanel owner={{ tenantId }} intro={WEBHOOKS_INTRO} />}
    />
  );
}
