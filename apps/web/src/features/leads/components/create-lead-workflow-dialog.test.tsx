import { screen, waitFor, within } from '@testing-library/react';
import type { OfferSummary } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { activeMember, INSTITUTION_ID, LEAD_API, makeLead, makeWorkflow, OFFER_ID } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer: OfferSummary = {
  _id: OFFER_ID,
  name: 'Harbor Lofts',
  slug: 'harbor-lofts',
  type: null,
  assetClass: null,
  descriptionShort: null,
  openDate: null,
  closeDate: null,
  listingStatus: 'none',
  published: true,
  approvalStatus: 'approved',
  institution: { _id: INSTITUTION_ID, name: 'Northwind Capital', logoUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  visibilityStatus: 'visible',
  heroImageUrl: null,
  minimumInvestment: 25000,
  targetIrr: null,
};
const WORKFLOWS_API = `${LEAD_API}/workflows`;

function renderWith(post: () => Response, withMember = true) {
  return renderLeadPage(
    makeLead(withMember ? { tenantMember: activeMember, inviteStatus: 'accepted', accountStatus: 'active' } : {}),
    '',
    (path, init, url) => {
      if (path === `/api/v1/tenant/${TENANT_ID}/offers` && url.searchParams.get('institution') === INSTITUTION_ID)
        return jsonResponse({ data: [offer], meta: { page: 1, limit: 100, total: 1 } });
      if (path === WORKFLOWS_API && init?.method === 'POST') return post();
      return undefined;
    },
  );
}

async function openDialog(user: ReturnType<typeof renderWith>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create workflow' }));
  return screen.findByRole('dialog', { name: 'Create workflow' });
}

async function pick(user: ReturnType<typeof renderWith>['user'], dialog: HTMLElement, label: string, option: string) {
  const select = within(dialog).getByRole('combobox', { name: label });
  // The offers load as the page opens; the select waits for them.
  await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Create workflow', () => {
  it('refuses accreditation and identity verification with the info text, and cannot go on without a type', async () => {
    const { user } = renderWith(() => jsonResponse({ data: makeWorkflow() }, 201));
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    await pick(user, dialog, 'Type', 'Accreditation');
    expect(within(dialog).getByText(/investors complete accreditation and identity verification in their portal/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await pick(user, dialog, 'Type', 'Identity verification');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("pages through offer, amount and review with 'Done' only on the last page, and creates the investment", async () => {
    const { user, fetchMock } = renderWith(() => jsonResponse({ data: makeWorkflow() }, 201));
    const dialog = await openDialog(user);
    await pick(user, dialog, 'Type', 'Investment');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByText('Step 2 of 4 · Offer')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await pick(user, dialog, 'Offer', 'Harbor Lofts');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Investment - Harbor Lofts');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('$25,000');
    expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('Step 2 of 4 · Offer')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByText('Step 4 of 4 · Review')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Offer - Successfully created')).toBeInTheDocument();
    expect(sentBodies(fetchMock, WORKFLOWS_API)).toEqual([
      { type: 'investment', name: 'Investment - Harbor Lofts', config: { offer: OFFER_ID, amount: 25000 } },
    ]);
  });

  it("shows 'Failed to create workflow: Lead must have a tenant member' when the lead has no account", async () => {
    const { user } = renderWith(
      () =>
        jsonResponse(
          { error: { type: 'bad-request', name: 'BadRequestError', message: 'Lead must have a tenant member', status: 400 } },
          400,
        ),
      false,
    );
    const dialog = await openDialog(user);
    await pick(user, dialog, 'Type', 'Investment');
    expect(within(dialog).getByText(/no active investor account yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await pick(user, dialog, 'Offer', 'Harbor Lofts');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // In the dialog (the modal hides the toast from assistive technology) and as the toast.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create workflow: Lead must have a tenant member');
    expect(await screen.findAllByText('Failed to create workflow: Lead must have a tenant member')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Create workflow' })).toBeInTheDocument();
  });

  it("lists the lead's workflows with their progress", async () => {
    renderLeadPage(makeLead(), '', (path) =>
      path === WORKFLOWS_API ? jsonResponse({ data: [makeWorkflow()], meta: { page: 1, limit: 20, total: 1 } }) : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Investment - Harbor Lofts' });
    expect(link).toHaveAttribute('href', '/institution/investments/9a9a9a9a9a9a9a9a9a9a9a9a');
    expect(screen.getByRole('progressbar', { name: 'Investment - Harbor Lofts' })).toHaveAttribute('aria-valuenow', '15');
  });
});
