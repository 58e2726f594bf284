import { z } from 'zod';
import { applicationStatus, userRole, type ApplicationStatus } from './enums.ts';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { objectId } from './ids.ts';

/** What an application applies for; accreditation is the only kind so far (000 §3). */
export const applicationType = z.enum(['accreditation']);
export type ApplicationType = z.infer<typeof applicationType>;
export const applicationTypeLabels: Record<ApplicationType, string> = { accreditation: 'Accreditation' };

/** How reviewers and admins read a status (the applicant sees `accreditationStatusLabel`, which merges the review states). */
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  error: 'Error',
};

/** The colour of a status dot (000 §4: application status shows as a coloured dot). */
export const applicationStatusColors: Record<ApplicationStatus, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  'not-started': 'default',
  'in-progress': 'info',
  submitted: 'warning',
  approved: 'success',
  rejected: 'error',
  error: 'error',
};

/** Who reviewed an application: the reviewer's account at the time of reading (001 §2 Reviewed By shows email and role). */
export const applicationReviewer = z.object({ _id: objectId, email: z.string(), role: userRole });

const exampleApplication = {
  _id: '6745a1c2e4b0a1b2c3d4e5fc',
  tenant: '6745a1c2e4b0a1b2c3d4e5f0',
  type: 'accreditation',
  status: 'approved',
  user: '6745a1c2e4b0a1b2c3d4e5f1',
  business: null,
  reviewedAt: '2026-11-25T15:20:00.000Z',
  reviewedBy: { _id: '6745a1c2e4b0a1b2c3d4e5d2', email: 'reviewer@example.com', role: 'evaluator' },
  approvalDoc: '6745a1c2e4b0a1b2c3d4e5d3',
  createdAt: '2026-11-18T08:00:00.000Z',
  updatedAt: '2026-11-25T15:20:00.000Z',
};

/** The application summary of 000 §3. */
export const applicationSummary = z
  .object({
    _id: objectId,
    tenant: objectId,
    type: applicationType,
    status: applicationStatus,
    user: objectId,
    business: objectId.nullable(),
    reviewedAt: timestamp.nullable(),
    reviewedBy: applicationReviewer.nullable(),
    /** The approval letter (a document id), once approved. */
    approvalDoc: objectId.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'ApplicationSummary',
    description: 'An accreditation application: its status, applicant, business and review.',
    examples: [exampleApplication],
  });
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/** GET application/{id}: the summary plus where the wizard stands (001 §3 accreditation application). */
export const application = applicationSummary
  .extend({
    currentQuestionId: z.string().nullable(),
    completedQuestionIds: z.array(z.string()),
    questionData: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'Application',
    description: 'An accreditation application with where its wizard stands: the current and completed questions and the answers.',
    examples: [
      {
        ...exampleApplication,
        currentQuestionId: null,
        completedQuestionIds: ['investor-type', 'income'],
        questionData: { 'investor-type': 'individual', income: 'over-200k' },
      },
    ],
  });
export type Application = z.infer<typeof application>;

/** A row of GET admin/application: the summary with its tenant and applicant. */
export const adminApplicationItem = applicationSummary
  .extend({
    tenantSlug: z.string(),
    tenantName: z.string(),
    userEmail: z.string(),
    userName: z.string(),
  })
  .meta({
    id: 'AdminApplication',
    description: 'An application of any tenant as platform admins list them, with its tenant and applicant.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f2',
        tenant: '6745a1c2e4b0a1b2c3d4e5f1',
        type: 'accreditation',
        status: 'approved',
        user: '6745a1c2e4b0a1b2c3d4e5f8',
        business: null,
        reviewedAt: '2026-11-26T16:20:00.000Z',
        reviewedBy: { _id: '6745a1c2e4b0a1b2c3d4e5f3', email: 'rita@acme-capital.example', role: 'evaluator' },
        approvalDoc: '6745a1c2e4b0a1b2c3d4e5f4',
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-26T16:20:00.000Z',
        tenantSlug: 'acme-capital',
        tenantName: 'Acme Capital',
        userEmail: 'ivan@example.com',
        userName: 'Ivan Investor',
      },
    ],
  });
export type AdminApplicationItem = z.infer<typeof adminApplicationItem>;

/** Sortable columns of the admin list; the names are the grid's field names. */
export const adminApplicationSort = z.enum(['createdAt', 'updatedAt', 'status', 'userEmail', 'tenantName']);
export type AdminApplicationSort = z.infer<typeof adminApplicationSort>;

export const adminApplicationQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .describe("Keeps the applications whose applicant's e-mail contains this text (case-insensitive)"),
  status: applicationStatus.optional().describe('Only the applications in this status'),
  type: applicationType.optional().describe('Only the applications of this type'),
  tenant: objectId.optional().describe("Only this tenant's applications (its id)"),
  sort: adminApplicationSort.default('createdAt').describe('What to sort by'),
  direction: sortDirection.default('desc').describe('Newest or largest first (desc, the default) or the other way'),
});
export type AdminApplicationQuery = z.infer<typeof adminApplicationQuery>;

/** GET application: the signed-in investor's own applications in this tenant, newest first. */
export const applicationListQuery = pageQuery.extend({
  status: applicationStatus.optional().describe('Only the applications in this status'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

/** POST application: the caller's own application; accreditation is the only kind, so the body may be empty. */
export const applicationCreateBody = z
  .object({ type: applicationType.default('accreditation').describe('What the application is for (accreditation, the default)') })
  .meta({
    id: 'ApplicationCreate',
    description: "Starts the caller's own application, status not-started.",
    examples: [{ type: 'accreditation' }],
  });
export type ApplicationCreate = z.output<typeof applicationCreateBody>;

/** The decisions a reviewer can take (PUT application/{id}/review). */
export const applicationDecision = z.enum(['approved', 'rejected']);
export type ApplicationDecision = z.infer<typeof applicationDecision>;
export const applicationReviewBody = z
  .object({ status: applicationDecision.describe('approved or rejected') })
  .meta({ id: 'ApplicationReview', description: "A reviewer's decision on an application.", examples: [{ status: 'approved' }] });
export type ApplicationReview = z.output<typeof applicationReviewBody>;
