import { Grid, Link, Stack, Typography } from '@mui/material';
import {
  applicationStatusDisplay,
  applicationTypeLabels,
  reviewerRoleLabel,
  verificationMethodLabels,
  type Application,
  type ApplicationApplicant,
} from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DefinitionList } from '../../../../components/definition-list.tsx';
import { PlainSectionCard } from '../../../../components/section-card.tsx';
import { StatusDot } from '../../../../components/status-dot.tsx';
import { formatDate, formatDateTime, formatRelativeOrDate } from '../../../../lib/format.ts';
import { IdentityReviewCard } from '../../../identity-verification/index.ts';
import { useApplicationContext, AppStatusChip } from './application-layout.tsx';
import { BusinessCard } from './business-card.tsx';
import { CompletedQuestionsCard } from './completed-questions-card.tsx';
import { EvaluatorRequestsCard } from './evaluator-requests-card.tsx';
import { ReviewActions } from './review-actions.tsx';

function detailRows(application: Application): (readonly [string, ReactNode])[] {
  const rows: (readonly [string, ReactNode])[] = [
    ['Status', <StatusDot key="status" {...applicationStatusDisplay(application)} />],
    ['Type', applicationTypeLabels[application.type]],
    ['Last updated', formatRelativeOrDate(application.updatedAt)],
    ['Created', formatRelativeOrDate(application.createdAt)],
  ];
  if (application.verificationMethod) rows.push(['Verification method', verificationMethodLabels[application.verificationMethod]]);
  if (application.status === 'approved' && application.reviewedAt) {
    rows.push(['Issued', formatDate(application.reviewedAt)]);
    if (application.expiresAt) rows.push([application.expired ? 'Expired' : 'Expires', formatDate(application.expiresAt)]);
  }
  if (application.certificateCode)
    rows.push([
      'Certificate code',
      <Link key="code" component={RouterLink} to={`/verify/${application.certificateCode}`}>
        {application.certificateCode}
      </Link>,
    ]);
  if (application.approvalDoc)
    rows.push([
      'Approval letter',
      <Link key="letter" component={RouterLink} to={`/document/${application.approvalDoc}`}>
        View letter
      </Link>,
    ]);
  if (application.renewedFrom)
    rows.push([
      'Renews',
      <Link key="renews" component={RouterLink} to={`/investor/applications/${application.renewedFrom}/details`}>
        The earlier application
      </Link>,
    ]);
  return rows;
}

/** What the App Status chip means for this application now. */
function statusSentence(application: Application): string {
  if (application.status === 'approved') {
    return application.expired
      ? `The approval expired on ${formatDate(application.expiresAt)}; a new application renews it.`
      : `Valid until ${formatDate(application.expiresAt)}.`;
  }
  if (application.status === 'submitted') return 'Submitted and waiting for a review.';
  if (application.status === 'in-progress') return 'The applicant is still answering the questions.';
  if (application.status === 'rejected') return 'The application was not accepted.';
  if (application.status === 'error') return 'Something went wrong with this application; it can be tried again.';
  return 'The applicant has not started yet.';
}

function ReviewedByCard({ application }: { application: Application }) {
  const { reviewedBy, reviewedAt, reviewNote } = application;
  return (
    <PlainSectionCard title="Reviewed By">
      {reviewedBy ? (
        <DefinitionList
          rows={[
            ['Email', reviewedBy.email],
            ['Role', reviewerRoleLabel(reviewedBy.role)],
            ['Time', reviewedAt ? `${formatDateTime(reviewedAt)} (${formatRelativeOrDate(reviewedAt)})` : '—'],
            ...(reviewNote
              ? [
                  [
                    'Note',
                    <span key="note" style={{ whiteSpace: 'pre-wrap' }}>
                      {reviewNote}
                    </span>,
                  ] as const,
                ]
              : []),
          ]}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Not reviewed yet.
        </Typography>
      )}
    </PlainSectionCard>
  );
}

function UserCard({
  applicant,
  userId,
  platformAdmin,
}: {
  applicant: ApplicationApplicant | null;
  userId: string;
  platformAdmin: boolean;
}) {
  return (
    <PlainSectionCard title="Applicant">
      {applicant ? (
        <DefinitionList
          rows={[
            ['Name', applicant.name],
            ['Email', applicant.email],
          ]}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The applicant's details are not available.
        </Typography>
      )}
      {platformAdmin && (
        <Link component={RouterLink} to={`/admin/user/${userId}`} variant="body2">
          Open the user's page
        </Link>
      )}
    </PlainSectionCard>
  );
}

/** 001 §2 application detail: Application Details, Completed Questions, App Status, Reviewed By and the applicant. */
export function ApplicationDetailsTab() {
  const { application, applicant, reviewing, platformAdmin } = useApplicationContext();
  const notStarted = application.status === 'not-started';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <PlainSectionCard title="Application Details">
            <DefinitionList rows={detailRows(application)} />
          </PlainSectionCard>
          {notStarted ? (
            <PlainSectionCard title="No details available">
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Application has not been started by user
              </Typography>
            </PlainSectionCard>
          ) : (
            <>
              <CompletedQuestionsCard application={application} />
              {application.business && <BusinessCard applicationId={application._id} />}
              <EvaluatorRequestsCard applicationId={application._id} />
            </>
          )}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={2}>
          <PlainSectionCard title="App Status">
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <AppStatusChip application={application} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {statusSentence(application)}
              </Typography>
            </Stack>
          </PlainSectionCard>
          {reviewing && application.status === 'submitted' && <ReviewActions applicationId={application._id} />}
          <ReviewedByCard application={application} />
          <UserCard applicant={applicant} userId={application.user} platformAdmin={platformAdmin} />
          {reviewing && <IdentityReviewCard userId={application.user} />}
        </Stack>
      </Grid>
    </Grid>
  );
}
