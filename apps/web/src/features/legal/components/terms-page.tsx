import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const EFFECTIVE = 'Effective November 1, 2026';

function termsSections(name: string): LegalSection[] {
  return [
    {
      heading: 'Your account',
      body: `You must be at least 18 years old and able to enter a binding contract to open an account. Keep your details accurate and your password private; you are responsible for what happens under your account. Tell us at once if you suspect someone else has used it.`,
    },
    {
      heading: 'Verification and accreditation',
      body: `Before you can invest, ${name} must verify your identity and, for some offers, confirm that you are an accredited investor. We may ask for documents, rely on third-party verification providers, and decline or withdraw access when we cannot complete these checks.`,
    },
    {
      heading: 'No investment advice',
      body: `Content on the platform, including answers from the A.I. Advisor, is general information and not investment, legal or tax advice. Nothing here is an offer to sell or a solicitation to buy a security; an investment is made only through the offering documents of that offer. Consider your own situation and speak with your own advisers.`,
    },
    {
      heading: 'Risks of private investments',
      body: `Private investments are speculative, illiquid and may lose their entire value. Past performance and track records do not predict future results. Invest only money you can afford to lose and hold for a long time.`,
    },
    {
      heading: 'Offers and third parties',
      body: `Offers are listed by the institutions and sponsors that raise the capital, and they are responsible for their contents. ${name} reviews offers before listing them but does not guarantee their accuracy, outcome or returns.`,
    },
    {
      heading: 'Acceptable use',
      body: `Do not misuse the platform: no unlawful activity, no attempts to reach data that is not yours, no scraping, reverse engineering or interference with its security or operation.`,
    },
    {
      heading: 'Suspension and closing',
      body: `We may suspend or close an account that breaks these terms or the law, or to protect investors. You may close your account at any time by contacting support; records we must keep by law are retained.`,
    },
    {
      heading: 'Liability',
      body: `The platform is provided as is. To the extent the law allows, ${name} and its technology providers are not liable for indirect or consequential losses, or for losses from investment decisions you make.`,
    },
    {
      heading: 'Changes and contact',
      body: `We may update these terms; we will tell you about material changes before they take effect. Questions about these terms can be sent to ${name} support.`,
    },
  ];
}

export function TermsPage() {
  const { name } = useTenant();
  return (
    <LegalPage
      title="Terms of Service"
      effective={EFFECTIVE}
      intro={`These terms govern your use of the investment platform operated by ${name}, built on Tessera. By creating an account or using the platform you agree to them.`}
      sections={termsSections(name)}
    />
  );
}
