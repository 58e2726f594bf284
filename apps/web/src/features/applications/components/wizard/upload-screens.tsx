import { Stack } from '@mui/material';
import type { DocumentAnswerKey } from '@tessera/domain';
import type { Path } from 'react-hook-form';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm, type AnswersIn } from './use-question-form.ts';
import { ConfirmField, DocumentAnswerField } from './wizard-fields.tsx';

type UploadQuestion =
  | 'individual-income-eval-upload'
  | 'business-assets-eval-upload'
  | 'business-owners-eval-upload'
  | 'business-assets-doc-upload'
  | 'business-owners-doc-upload';

interface UploadScreenProps<Q extends UploadQuestion> {
  questionId: Q;
  documentKey: Path<AnswersIn<Q>> & DocumentAnswerKey;
  confirmKey: Path<AnswersIn<Q>>;
  title: string;
  intro: string;
  uploadLabel: string;
  confirmLabel: string;
}

/** A file (or files) and the statement that goes with it; both are required (001 §5). */
function UploadScreen<Q extends UploadQuestion>({
  questionId,
  documentKey,
  confirmKey,
  title,
  intro,
  uploadLabel,
  confirmLabel,
}: UploadScreenProps<Q>) {
  const { control, submit, canSubmit, wizard } = useQuestionForm(questionId);
  return (
    <QuestionFrame title={title} intro={intro} onSubmit={submit} canSubmit={canSubmit}>
      <Stack spacing={3}>
        <DocumentAnswerField control={control} name={documentKey} applicationId={wizard.application._id} label={uploadLabel} required />
        <ConfirmField control={control} name={confirmKey} label={confirmLabel} />
      </Stack>
    </QuestionFrame>
  );
}

const LETTER_INTRO =
  'A signed letter on letterhead from a CPA, licensed attorney, SEC-registered investment adviser or registered broker-dealer, dated within the last 90 days.';
const CERTIFY_LETTER = 'I certify that this letter is genuine and that I have not altered it.';
const TRUE_AND_COMPLETE = 'The documents I uploaded are true, complete and unaltered copies.';

export function IncomeEvalUploadScreen() {
  return (
    <UploadScreen
      questionId="individual-income-eval-upload"
      documentKey="individualIncomeEvalUpload"
      confirmKey="individualIncomeEvalUploadConfirm"
      title="Upload your evaluator's letter"
      intro={`${LETTER_INTRO} It should confirm that your income was above $200,000 (or $300,000 with your spouse) in each of the last two years.`}
      uploadLabel="Evaluator's letter"
      confirmLabel={CERTIFY_LETTER}
    />
  );
}

export function BusinessAssetsEvalUploadScreen() {
  return (
    <UploadScreen
      questionId="business-assets-eval-upload"
      documentKey="businessAssetsEvalUpload"
      confirmKey="businessAssetsEvalUploadConfirm"
      title="Upload your evaluator's letter"
      intro={`${LETTER_INTRO} It should confirm that the business holds more than $5,000,000 in assets.`}
      uploadLabel="Evaluator's letter"
      confirmLabel={CERTIFY_LETTER}
    />
  );
}

export function BusinessOwnersEvalUploadScreen() {
  return (
    <UploadScreen
      questionId="business-owners-eval-upload"
      documentKey="businessOwnersEvalUpload"
      confirmKey="businessOwnersEvalUploadConfirm"
      title="Upload your evaluator's letter"
      intro={`${LETTER_INTRO} It should confirm that every equity owner of the business is an accredited investor.`}
      uploadLabel="Evaluator's letter"
      confirmLabel={CERTIFY_LETTER}
    />
  );
}

export function BusinessAssetsDocUploadScreen() {
  return (
    <UploadScreen
      questionId="business-assets-doc-upload"
      documentKey="businessAssetsDocUpload"
      confirmKey="businessAssetsDocUploadConfirm"
      title="Upload the business's asset statements"
      intro="Bank, brokerage or audited financial statements showing more than $5,000,000 in assets, dated within the previous 90 days."
      uploadLabel="Asset statements"
      confirmLabel={TRUE_AND_COMPLETE}
    />
  );
}

export function BusinessOwnersDocUploadScreen() {
  return (
    <UploadScreen
      questionId="business-owners-doc-upload"
      documentKey="businessOwnersDocUpload"
      confirmKey="businessOwnersDocUploadConfirm"
      title="Upload the owners' accreditation documents"
      intro="For each equity owner: an accreditation letter, or the documents that show their income, net worth or license."
      uploadLabel="Owners' documents"
      confirmLabel={TRUE_AND_COMPLETE}
    />
  );
}
