import { PLATFORM_ADMIN, signInViaApi } from './api.ts';
import { pdfDocument } from './files.ts';
import type { JourneyTenant, Person } from './tenant.ts';

const hex = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * An individual profile a person can invest with (000 §1: contact, a government photo ID and a financial account,
 * then verified by the provider): made through the API as the passport screens make it, the verdict set by the
 * platform admin as the provider's webhook would. Resolves to the profile's and the account's ids.
 */
export async function investReadyProfile(tenant: JourneyTenant, person: Person): Promise<{ profileId: string; accountId: string }> {
  const send = <T>(method: string, path: string, body?: unknown) => tenant.api<T>(method, path, { token: person.token, body });
  const { data: profile } = await send<{ data: { _id: string } }>('POST', '/individual-profile', {
    firstname: person.firstname,
    lastname: person.lastname,
    user: person.userId,
    acceptDisclosures: true,
  });
  await send('PUT', `/individual-profile/${profile._id}/contact`, {
    contact: {
      addresses: [{ _id: hex(), isPrimary: true, address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' } }],
      emails: [{ _id: hex(), email: person.email, isPrimary: true }],
      phones: [],
      faxes: [],
      links: [],
    },
  });
  const upload = async (name: string) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pdfDocument(`Passport ${name}`))], { type: 'application/pdf' }), `${name}.pdf`);
    form.set('name', `${name}.pdf`);
    form.set('type', 'GOVERNMENT_ID');
    form.set('entityType', 'USER');
    const { data } = await send<{ data: { _id: string } }>('POST', '/document', form);
    return data._id;
  };
  const { data: govId } = await send<{ data: { _id: string } }>('POST', '/gov-photo-id', {
    type: 'passport',
    number: 'X12345678',
    expirationDate: '2031-05-01',
    issuingCountry: 'US',
    issuingState: 'NY',
    issuingDate: '2021-05-01',
    issuingAuthority: 'U.S. Department of State',
    documentFrontId: await upload('front'),
    documentBackId: await upload('back'),
  });
  await send('PUT', `/individual-profile/${profile._id}/gov-photo-id`, { govPhotoIds: [govId._id] });
  const { data: account } = await send<{ data: { _id: string } }>('POST', '/financial-account', {
    accountName: 'Operating account',
    type: 'checking',
    number: '000123454321',
  });
  await send('PUT', `/individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [account._id] });
  // A platform admin acts in a tenant signed in on its host (their platform-host token belongs to that tenant).
  const admin = await signInViaApi(PLATFORM_ADMIN.email, PLATFORM_ADMIN.password, tenant.slug);
  await tenant.api('PUT', `/individual-profile/${profile._id}/verification`, {
    token: admin,
    body: { verificationStatus: 'approved' },
  });
  return { profileId: profile._id, accountId: account._id };
}

/** An approved accreditation (by license, through the API as the wizard sends it), decided by the tenant's owner. */
export async function approvedAccreditation(tenant: JourneyTenant, person: Person): Promise<string> {
  const send = <T>(method: string, path: string, body?: unknown) => tenant.api<T>(method, path, { token: person.token, body });
  const { data: application } = await send<{ data: { _id: string } }>('POST', '/application', { type: 'accreditation' });
  const step = (questionId: string, answers: Record<string, unknown>) =>
    send('PUT', `/application/${application._id}`, { direction: 'next', questionId, answers });
  await step('identity', { identity: 'individual' });
  await step('individual-method', { individualMethod: 'license' });
  await step('individual-license', { individualLicenseType: 'series-65', individualLicenseCrd: '7654321', individualLicenseConfirm: true });
  await tenant.api('PUT', `/application/${application._id}/status`, { token: tenant.owner.token, body: { status: 'approved' } });
  return application._id;
}
