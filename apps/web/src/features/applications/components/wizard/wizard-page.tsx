import { Container } from '@mui/material';
import { accreditationQuestionId, FIRST_QUESTION, type Application } from '@tessera/domain';
import { Navigate, useParams } from 'react-router';
import { ErrorBlock } from '../../../../components/error-block.tsx';
import { RecordPage } from '../../../../components/record-page.tsx';
import { useSession } from '../../../../lib/session/use-session.ts';
import { useApplication } from '../../api/get-application.ts';
import { WizardProvider } from './wizard-context.tsx';
import { WizardScreen } from './wizard-screen.tsx';

/**
 * The wizard is the applicant's while the application is open. Anyone else (a reviewer opening it) reads its details,
 * and so does the applicant once it is decided: approved (001 §2: redirect, replacing history) or rejected by a
 * reviewer (a rejection screen of the wizard's own has no review).
 */
function readsDetails(application: Application, userId: string | undefined): boolean {
  if (userId && application.user !== userId) return true;
  return application.status === 'approved' || (application.status === 'rejected' && application.reviewedAt !== null);
}

function Wizard({ application, userId }: { application: Application; userId: string | undefined }) {
  if (readsDetails(application, userId)) return <Navigate to={`/investor/applications/${application._id}/details`} replace />;
  const parsed = accreditationQuestionId.safeParse(application.currentQuestionId ?? FIRST_QUESTION);
  if (!parsed.success)
    return (
      <ErrorBlock error={new Error(`This application stands on a question this app does not know (${application.currentQuestionId}).`)} />
    );
  const questionId = parsed.data;
  return (
    <WizardProvider application={application} questionId={questionId}>
      {/* A new screen starts with a fresh form. */}
      <WizardScreen key={questionId} questionId={questionId} />
    </WizardProvider>
  );
}

/** /investor/applications/{applicationId}: the accreditation wizard (001 §2), one question screen at a time. */
export function ApplicationWizardPage() {
  const { applicationId } = useParams();
  const query = useApplication(applicationId);
  const { user } = useSession();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <RecordPage backTo="/investor/applications" backLabel="All applications" query={query} skeletonRows={5}>
        {(application) => <Wizard application={application} userId={user?._id} />}
      </RecordPage>
    </Container>
  );
}
