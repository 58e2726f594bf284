import { Stack } from '@mui/material';
import { EVALUATOR_REQUEST_QUESTIONS, type EvaluatorRequestQuestionId } from '@tessera/domain';
import type { Path } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useRequestEvaluator } from '../../api/request-evaluator.ts';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm, type AnswersIn } from './use-question-form.ts';

const WHAT: Record<EvaluatorRequestQuestionId, string> = {
  'individual-income-eval-request': 'your income in each of the last two years',
  'business-assets-eval-request': "the business's assets of more than $5,000,000",
  'business-owners-eval-request': 'that every owner of the business is accredited',
};

/**
 * The evaluator request screens (001 §5): first name, last name and e-mail ('Invalid email'). 'Send request' first
 * e-mails the evaluator their link (PUT application/{id}/evaluator), then answers the screen with the same values.
 */
export function EvalRequestScreen({ questionId }: { questionId: EvaluatorRequestQuestionId }) {
  const { control, form, canSubmit, wizard } = useQuestionForm(questionId);
  const request = useRequestEvaluator(wizard.application._id);
  const prefix = EVALUATOR_REQUEST_QUESTIONS[questionId];
  const key = (field: 'FirstName' | 'LastName' | 'Email') => `${prefix}Eval${field}` as Path<AnswersIn<typeof questionId>>;

  const submit = form.handleSubmit(async (answers) => {
    const values = answers as Record<string, string>;
    try {
      await request.mutateAsync({ firstname: values[key('FirstName')]!, lastname: values[key('LastName')]!, email: values[key('Email')]! });
    } catch {
      return;
    }
    await wizard.next(answers);
  });

  return (
    <QuestionFrame
      title="Ask your evaluator for a letter"
      intro={`We will e-mail your CPA, attorney, registered investment adviser or broker-dealer a secure link to upload a letter confirming ${WHAT[questionId]}. They don't need an account.`}
      onSubmit={submit}
      canSubmit={canSubmit}
      submitLabel="Send request"
      busy={request.isPending}
      error={request.error ? errorMessage(request.error) : null}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name={key('FirstName')} label="Evaluator's first name" required fullWidth />
          <FormTextField control={control} name={key('LastName')} label="Evaluator's last name" required fullWidth />
        </Stack>
        <FormTextField control={control} name={key('Email')} label="Evaluator's email" type="email" required fullWidth autoComplete="off" />
      </Stack>
    </QuestionFrame>
  );
}
