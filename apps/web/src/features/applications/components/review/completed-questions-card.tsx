import { Link, Stack, Typography } from '@mui/material';
import {
  accreditationAnswerLabel,
  accreditationAnswerText,
  completedAnswers,
  isDocumentAnswerKey,
  type Application,
} from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DefinitionList } from '../../../../components/definition-list.tsx';
import { PlainSectionCard } from '../../../../components/section-card.tsx';
import { useApplicationBusiness } from '../../api/get-application-business.ts';
import { useApplicationDocuments } from '../../api/list-application-documents.ts';

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Document answers as links to the documents, named by the application's own document list once it has loaded. */
function DocumentLinks({ documentIds, names }: { documentIds: string[]; names: ReadonlyMap<string, string> }) {
  return (
    <Stack component="span" spacing={0.25}>
      {documentIds.map((id, index) => (
        <Link key={id} component={RouterLink} to={`/document/${id}`}>
          {names.get(id) ?? `Document ${index + 1}`}
        </Link>
      ))}
    </Stack>
  );
}

/** 001 §2 Completed Questions: every answer, in the order the screens were completed, in words. */
export function CompletedQuestionsCard({ application }: { application: Application }) {
  const answers = completedAnswers(application.completedQuestionIds, application.questionData);
  // The first page of the application's documents names the document answers (an application holds far fewer).
  const documents = useApplicationDocuments(application._id);
  const business = useApplicationBusiness(application._id, application.business !== null);
  const names = new Map((documents.data?.data ?? []).map((d) => [d._id, d.name] as const));

  const valueOf = (key: string, value: unknown): ReactNode => {
    if (isDocumentAnswerKey(key)) return <DocumentLinks documentIds={ids(value)} names={names} />;
    if (key === 'businessId') return business.data?.name ?? 'The business below';
    if (key === 'highMinimumOfferId' && typeof value === 'string')
      return (
        <Link component={RouterLink} to={`/marketplace/offers/${value}`}>
          View offer
        </Link>
      );
    return accreditationAnswerText(key, value) ?? '—';
  };

  return (
    <PlainSectionCard title="Completed Questions">
      {answers.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No questions answered yet.
        </Typography>
      ) : (
        <DefinitionList rows={answers.map(({ key, value }) => [accreditationAnswerLabel(key), valueOf(key, value)] as const)} />
      )}
    </PlainSectionCard>
  );
}
