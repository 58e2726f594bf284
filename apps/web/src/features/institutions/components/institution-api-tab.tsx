import { ApiKeysPanel } from '../../api-keys/index.ts';
import { InstitutionTabFrame } from './institution-tab-frame.tsx';

const INTRO =
  "A private key lets your servers read this institution and its offers through the API; a public key only identifies the institution. Keys are shown once, when generated. The owners and editors of the institution's team manage them.";
const HELP = {
  private: 'A private key lets your servers read this institution and its offers. Keep it secret.',
  public: 'A public key only identifies this institution in public calls; it grants no access.',
};

/** API tab (002 §7 POST …/institutions/{id}/api-key/pub and /pvt): the institution's keys, with the tenant's key components. */
export function InstitutionApiTab() {
  return (
    <InstitutionTabFrame label="API">
      {({ tenantId, institution }) => (
        <ApiKeysPanel key={institution._id} owner={{ tenantId, institutionId: institution._id }} intro={INTRO} help={HELP} />
      )}
    </InstitutionTabFrame>
  );
}
