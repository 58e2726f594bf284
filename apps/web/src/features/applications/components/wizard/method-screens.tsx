import { HIGH_MINIMUM_ENTITY, HIGH_MINIMUM_INDIVIDUAL, type AnsweredQuestionId } from '@tessera/domain';
import { formatMoney } from '../../../../lib/format-number.ts';
import type { Path } from 'react-hook-form';
import { useTenant } from '../../../../lib/tenant/use-tenant.ts';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm, type AnswersIn } from './use-question-form.ts';
import { ChoiceField, type ChoiceOption } from './wizard-fields.tsx';

interface ChoiceScreenProps<Q extends AnsweredQuestionId> {
  questionId: Q;
  answerKey: Path<AnswersIn<Q>>;
  title: string;
  intro: string;
  legend: string;
  options: ChoiceOption[];
}

/** A screen with one choice; Next stays disabled until something is chosen (001 §5). */
function ChoiceScreen<Q extends AnsweredQuestionId>({ questionId, answerKey, title, intro, legend, options }: ChoiceScreenProps<Q>) {
  const { control, submit, canSubmit } = useQuestionForm(questionId);
  return (
    <QuestionFrame title={title} intro={intro} onSubmit={submit} canSubmit={canSubmit}>
      <ChoiceField control={control} name={answerKey} label={legend} options={options} />
    </QuestionFrame>
  );
}

const highMinimumText = (amount: number, who: string) =>
  `${who} at least ${formatMoney(amount)} in one offer and confirm in writing that ${who === 'You invest' ? 'you are' : 'it is'} accredited and that the investment is not financed by a third party (SEC staff letter of 12 March 2025).`;

export function IdentityScreen() {
  return (
    <ChoiceScreen
      questionId="identity"
      answerKey="identity"
      title="Who is applying?"
      intro="Accreditation lets sponsors accept your investment in offerings under Rule 506(c). It takes a few minutes."
      legend="I am applying as"
      options={[
        { value: 'individual', label: 'An individual', description: 'Myself, through my income, net worth or a professional license' },
        { value: 'business', label: 'A business', description: 'A company, trust or other entity I represent' },
      ]}
    />
  );
}

export function IndividualMethodScreen() {
  const { tenant } = useTenant();
  const options: ChoiceOption[] = [
    {
      value: 'income',
      label: 'Income',
      description: 'Over $200,000 in each of the last two years (or $300,000 with your spouse), and you expect the same this year',
    },
    { value: 'assets', label: 'Net worth', description: 'Over $1,000,000, alone or with your spouse, not counting your primary residence' },
    { value: 'license', label: 'Professional license', description: 'You hold a Series 7, 65 or 82 license in good standing' },
  ];
  if (tenant?.highMinimumPath) {
    options.push({
      value: 'high-minimum',
      label: 'High minimum investment',
      description: highMinimumText(HIGH_MINIMUM_INDIVIDUAL, 'You invest'),
    });
  }
  options.push({ value: 'none', label: 'None of these', description: 'None of the above applies to me' });
  return (
    <ChoiceScreen
      questionId="individual-method"
      answerKey="individualMethod"
      title="How do you qualify?"
      intro="Choose the test you meet. You will show evidence for it on the next screens."
      legend="I qualify through"
      options={options}
    />
  );
}

const evaluatorOptions = (uploadWhat: string): ChoiceOption[] => [
  { value: 'doc-upload', label: 'Upload documents', description: uploadWhat },
  {
    value: 'eval-upload',
    label: 'Upload a letter from an evaluator',
    description: 'A letter on letterhead from a CPA, licensed attorney, SEC-registered investment adviser or registered broker-dealer',
  },
  {
    value: 'eval-request',
    label: 'Ask an evaluator to send the letter',
    description: 'We e-mail them a secure link to upload it; no account needed',
  },
];

export function IncomeMethodScreen() {
  return (
    <ChoiceScreen
      questionId="individual-income-method"
      answerKey="individualIncomeMethod"
      title="How will you show your income?"
      intro="Either documents or a letter from a professional who knows your finances will do."
      legend="I will"
      options={evaluatorOptions('Tax returns, W-2s or 1099s for the last two years')}
    />
  );
}

export function BusinessMethodScreen() {
  const { tenant } = useTenant();
  const options: ChoiceOption[] = [
    {
      value: 'assets',
      label: 'Assets over $5,000,000',
      description: 'The business holds more than $5 million in assets and was not formed to make this investment',
    },
    { value: 'owners', label: 'All owners are accredited', description: 'Every equity owner of the business is an accredited investor' },
  ];
  if (tenant?.highMinimumPath) {
    options.push({
      value: 'high-minimum',
      label: 'High minimum investment',
      description: highMinimumText(HIGH_MINIMUM_ENTITY, 'The business invests'),
    });
  }
  options.push({ value: 'none', label: 'None of these', description: 'None of the above applies to the business' });
  return (
    <ChoiceScreen
      questionId="business-method"
      answerKey="businessMethod"
      title="How does your business qualify?"
      intro="Choose the test the business meets."
      legend="The business qualifies through"
      options={options}
    />
  );
}

const noneOption: ChoiceOption = { value: 'none', label: 'None of these', description: 'I cannot show this' };

export function BusinessAssetsMethodScreen() {
  return (
    <ChoiceScreen
      questionId="business-assets-method"
      answerKey="businessAssetsMethod"
      title="How will you show the business's assets?"
      intro="Statements or a professional's letter showing assets over $5,000,000."
      legend="I will"
      options={[...evaluatorOptions('Bank, brokerage or audited financial statements of the business'), noneOption]}
    />
  );
}

export function BusinessOwnersMethodScreen() {
  return (
    <ChoiceScreen
      questionId="business-owners-method"
      answerKey="businessOwnersMethod"
      title="How will you show that every owner is accredited?"
      intro="Evidence for each equity owner, or one professional's letter covering them all."
      legend="I will"
      options={[...evaluatorOptions("Each owner's accreditation letter or supporting documents"), noneOption]}
    />
  );
}
