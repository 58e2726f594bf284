import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const EFFECTIVE = 'Effective November 1, 2026';

function privacySections(name: string): LegalSection[] {
  return [
    {
      heading: 'What we collect',
      body: `Account details you give us (name, email, phone, address); identity and accreditation information such as government ID documents and financial account details; the documents you upload; and usage data: the pages you view, your browser and device, and a random tracking id kept in a cookie.`,
    },
    {
      heading: 'How we use it',
      body: `To run your account and the platform, verify your identity and investor status, meet anti-money-laundering and securities obligations, keep the platform secure, and understand how it is used so we can improve it. Usage analytics record ids, never your name or email.`,
    },
    {
      heading: 'Who we share it with',
      body: `With ${name}, which operates this platform; with the sponsor of an offer when you choose to invest in or express interest in it; with service providers that verify identities, store files or send email for us, under contract; and with authorities when the law requires it. We do not sell your personal data.`,
    },
    {
      heading: 'How long we keep it',
      body: `For as long as your account is open, and afterwards only as long as financial and securities regulations require.`,
    },
    {
      heading: 'How we protect it',
      body: `Data is encrypted in transit, access is limited to people who need it, and sensitive fields are masked on screen. No system is perfectly secure, so please also keep your password private.`,
    },
    {
      heading: 'Your choices and rights',
      body: `You can see and correct your profile at any time, export your personal data as a file from your account page, choose which notifications you receive, and ask support to delete your account where the law allows.`,
    },
    {
      heading: 'Cookies and storage',
      body: `We keep your session in your browser's storage so you stay signed in, and a "tid" cookie with a random id to count page views. Signing out removes the session.`,
    },
    {
      heading: 'Contact',
      body: `Questions or requests about your data can be sent to ${name} support.`,
    },
  ];
}

export function PrivacyPage() {
  const { name } = useTenant();
  return (
    <LegalPage
      title="Privacy Policy"
      effective={EFFECTIVE}
      intro={`This policy explains what personal data the investment platform operated by ${name} collects, why, and the choices you have.`}
      sections={privacySections(name)}
    />
  );
}
