import { screen, waitFor, within } from '@testing-library/react';
import { incomeYearPair } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { APPLICATION_ID, bodiesOf, makeApplication, renderWizard } from './wizard.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const next = () => screen.getByRole('button', { name: 'Next' });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const SPOUSE_RULE = "Upload your spouse's tax documents for the earlier year too";

describe('the document screens', () => {
  it('asks for both years of the pair, and a spouse’s later year needs their earlier year too', async () => {
    const { prevYear, currYear } = incomeYearPair(new Date());
    const { user, fetchMock, current } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'individual-income-doc-upload',
        completedQuestionIds: ['identity', 'individual-method', 'individual-income-method'],
        questionData: { identity: 'individual', individualMethod: 'income', individualIncomeMethod: 'doc-upload' },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Upload your income documents' })).toBeInTheDocument();
    const upload = async (label: string, name: string) => {
      await user.upload(screen.getByLabelText(`Files for ${label}`), pdf(name));
      expect(await screen.findByText(name)).toBeInTheDocument();
    };
    await upload(`${prevYear} tax documents`, 'return-prev.pdf');
    await upload(`${currYear} tax documents`, 'return-curr.pdf');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(`in each of ${prevYear} and ${currYear}`) }));
    await user.click(screen.getByRole('checkbox', { name: /true, complete and unaltered/ }));
    await waitFor(() => expect(next()).toBeEnabled());

    await upload(`Spouse's ${currYear} tax documents`, 'spouse-curr.pdf');
    expect(await screen.findByText(SPOUSE_RULE)).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await upload(`Spouse's ${prevYear} tax documents`, 'spouse-prev.pdf');
    await waitFor(() => expect(screen.queryByText(SPOUSE_RULE)).not.toBeInTheDocument());
    await waitFor(() => expect(next()).toBeEnabled());

    const uploads = fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/documents') && init?.method === 'POST');
    expect(uploads.map(([, init]) => (init!.body as FormData).get('questionKey'))).toEqual([
      'individualIncomeDocUploadPrevYearSelf',
      'individualIncomeDocUploadCurrYearSelf',
      'individualIncomeDocUploadCurrYearSpouse',
      'individualIncomeDocUploadPrevYearSpouse',
    ]);
    // Tax documents carry no date.
    expect(uploads.every(([, init]) => !(init!.body as FormData).has('documentDate'))).toBe(true);

    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    const [step] = bodiesOf(fetchMock, `/api/v1/application/${APPLICATION_ID}`, 'PUT') as { answers: Record<string, unknown> }[];
    expect(step!.answers).toMatchObject({
      individualIncomeDocUploadPrevYearIncomeConfirm: true,
      individualIncomeDocUploadConfirm: true,
    });
    expect(
      Object.values(step!.answers)
        .filter(Array.isArray)
        .map((ids) => (ids as string[]).length),
    ).toEqual([1, 1, 1, 1]);
    expect(current().status).toBe('submitted');
  });

  it('takes an uploaded file back with Remove', async () => {
    const { user, fetchMock } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'business-owners-eval-upload',
        completedQuestionIds: ['identity'],
      }),
    });
    await user.upload(await screen.findByLabelText("Files for Evaluator's letter"), pdf('letter.pdf'));
    await user.click(await screen.findByRole('button', { name: 'Remove letter.pdf' }));
    await waitFor(() => expect(screen.queryByText('letter.pdf')).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => init?.method === 'DELETE' && String(input).includes(`/application/${APPLICATION_ID}/documents/`),
      ),
    ).toBe(true);
    expect(next()).toBeDisabled();
  });

  it('asks the date on a statement before the upload, refuses an old one, and sends the date', async () => {
    const { user, fetchMock } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'individual-assets',
        completedQuestionIds: ['identity', 'individual-method'],
        questionData: { identity: 'individual', individualMethod: 'assets' },
      }),
    });
    const statement = within(await screen.findByRole('group', { name: /^Asset statement/ }));
    const choose = statement.getByRole('button', { name: 'Choose files' });
    expect(choose).toBeDisabled();
    const date = statement.getByLabelText('Date on the document');
    await user.type(date, '2020-01-01');
    expect(statement.getByText('The document must be dated within the previous 90 days')).toBeInTheDocument();
    expect(choose).toBeDisabled();
    const recent = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await user.clear(date);
    await user.type(date, recent);
    await waitFor(() => expect(choose).toBeEnabled());
    await user.upload(statement.getByLabelText('Files for Asset statement'), pdf('brokerage.pdf'));
    expect(await statement.findByText('brokerage.pdf')).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([input, init]) => String(input).endsWith('/documents') && init?.method === 'POST')![1]!
      .body as FormData;
    expect(form.get('questionKey')).toBe('individualAssetsAssetStatement');
    expect(form.get('documentDate')).toBe(recent);
  });
});
