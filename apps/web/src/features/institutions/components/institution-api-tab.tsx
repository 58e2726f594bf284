import { ApiKeysPanel, DeveloperSections } from '../../api-keys/index.ts';
import { WebhooksPanel } from '../../webhooks/index.ts';
import { InstitutionTabFrame } from './institution-tab-frame.tsx';

const INTRO =
  "A private key lets your servers read and change this institution, its offers and its leads through the API, within the scopes you choose; a public key only reads the public marketplace. Keys are shown once, when generated. The owners and editors of the institution's team manage them.";
const HELP = {
  private:
    'A private key lets your servers read and change this institution, its offers and its leads, within the scopes you choose. Keep it secret.',
  public: "A public key lets web pages on the sites you allow read the public marketplace, to embed this institution's offers.",
};
const WEBHOOKS_INTRO =
  "Your servers hear about this institution's events (a lead created, a workflow completed, an offer published, an invoice paid) as signed HTTP POSTs to the endpoints you register here.";

/** API tab (002 §7): the institution's API keys and webhook endpoints, with the tenant's components. */
export function InstitutionApiTab() {
  return (
    <InstitutionTabFrame label="API">
      {({ tenantId, institution }) => {
        const owner = { tenantId, institutionId: institution._id };
        return (
          <DeveloperSections
            key={institution._id}
            keys={<ApiKeysPanel owner={owner} intro={INTRO} help={HELP} />}
            webhooks={<WebhooksPanel owner={owner} intro={WEBHOOKS_INTRO} />}
          />
        );
      }}
    </InstitutionTabFrame>
  );
}
