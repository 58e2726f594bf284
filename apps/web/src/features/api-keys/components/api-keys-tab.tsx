import { useTenantSettingsOutlet } from '../../tenant-admin/index.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';

const INTRO =
  "A private key authenticates your servers' calls to this tenant's API as the tenant owner; a public key only identifies the tenant. Keys are shown once, when generated.";
const HELP = {
  private: "A private key lets your servers call this tenant's owner API. Keep it secret.",
  public: 'A public key only identifies this tenant in public calls such as analytics; it grants no access.',
};

/** /tenant/settings/api: the tenant's public and private API keys. */
export function TenantSettingsApiTab() {
  const tenantId = useTenantSettingsOutlet()._id;
  return <ApiKeysPanel owner={{ tenantId }} intro={INTRO} help={HELP} />;
}
