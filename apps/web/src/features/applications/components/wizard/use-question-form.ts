import { zodResolver } from '@hookform/resolvers/zod';
import { isDocumentAnswerKey, questionAnswers, type AnsweredQuestionId, type Application, type QuestionData } from '@tessera/domain';
import { useForm, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useWizard } from './wizard-context.tsx';

type Schema<Q extends AnsweredQuestionId> = (typeof questionAnswers)[Q];
export type AnswersIn<Q extends AnsweredQuestionId> = z.input<Schema<Q>> & FieldValues;
export type AnswersOut<Q extends AnsweredQuestionId> = z.output<Schema<Q>> & FieldValues;

/** The screen's answers so far (a resumed or renewed application): its keys of questionData, documents as lists. */
function savedAnswers(schema: z.ZodObject, data: QuestionData): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, data[key] ?? (isDocumentAnswerKey(key) ? [] : undefined)]));
}

const definedOnly = (data: QuestionData) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null));

/**
 * A screen's form: the domain's schema for the screen (the one the server checks) is the resolver, checked on every
 * change, so Next is enabled exactly when the server would accept the answers (001 §5).
 */
export function useQuestionForm<Q extends AnsweredQuestionId>(
  questionId: Q,
  /** Answers to start from where questionData has none (the application's business). */
  fallback?: (application: Application) => Record<string, unknown>,
) {
  const wizard = useWizard();
  const schema = questionAnswers[questionId] as unknown as z.ZodObject;
  const form = useForm<AnswersIn<Q>, unknown, AnswersOut<Q>>({
    // The schema is the screen's own (Q), typed as the base object here to read its keys.
    resolver: zodResolver(schema as never) as never,
    mode: 'onChange',
    defaultValues: savedAnswers(schema, { ...fallback?.(wizard.application), ...definedOnly(wizard.application.questionData) }) as never,
  });
  const submit = form.handleSubmit(async (answers) => {
    await wizard.next(answers);
  });
  return { form, control: form.control, submit, canSubmit: form.formState.isValid, wizard };
}
