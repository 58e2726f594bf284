import { z } from 'zod';
import { accreditationQuestionId, documentAnswerKey, evaluatorEmail, verificationMethod } from './accreditation-flow.ts';
import { documentRecord, documentType } from './document.ts';
import { applicationStatus, userRole, type ApplicationStatus } from './enums.ts';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { personName } from './validation.ts';

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
  reviewNote: 'Tax returns for both years confirm income above $200,000.',
  expiresAt: '2027-11-25T15:20:00.000Z',
  expired: false,
  verificationMethod: 'income',
  certificateCode: 'TSR-7K4M-9Q2X',
  renewedFrom: null,
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
    /** The reviewer's note with the decision. */
    reviewNote: z.string().nullable(),
    /** When an approval stops being valid: one year after the review (001 §4); null unless approved. */
    expiresAt: timestamp.nullable(),
    /** True once an approval has expired: it then reads as not approved and offers renewal. */
    expired: z.boolean(),
    /** How the applicant shows accreditation, once chosen in the wizard. */
    verificationMethod: verificationMethod.nullable(),
    /** The code on the approval letter that the public verification page checks. */
    certificateCode: z.string().nullable(),
    /** The application this one renews. */
    renewedFrom: objectId.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'ApplicationSummary',
    description: 'An accreditation application: its status, applicant, business and review.',
    examples: [exampleApplication],
  });
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/** Who applied, as reviewers read it on the application's page (001 §2 user card). */
export const applicationApplicant = z.object({ _id: objectId, email: z.string(), name: z.string() });
export type ApplicationApplicant = z.infer<typeof applicationApplicant>;

/** GET application/{id}: the summary plus where the wizard stands (001 §3 accreditation application). */
export const application = applicationSummary
  .extend({
    currentQuestionId: z.string().nullable(),
    completedQuestionIds: z.array(z.string()),
    questionData: z.record(z.string(), z.unknown()),
    /** The applicant's e-mail and name, for the reviewers' header and user card; the screens fall back without it. */
    applicant: applicationApplicant.optional(),
  })
  .meta({
    id: 'Application',
    description: 'An accreditation application with where its wizard stands: the current and completed questions and the answers.',
    examples: [
      {
        ...exampleApplication,
        applicant: { _id: '6745a1c2e4b0a1b2c3d4e5f1', email: 'ivan@example.com', name: 'Ivan Investor' },
        currentQuestionId: 'individual-submitted',
        completedQuestionIds: ['identity', 'individual-method', 'individual-license'],
        questionData: {
          identity: 'individual',
          individualMethod: 'license',
          individualLicenseType: 'series-65',
          individualLicenseCrd: '7654321',
          individualLicenseConfirm: true,
        },
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
        reviewNote: null,
        expiresAt: '2027-11-26T16:20:00.000Z',
        expired: false,
        verificationMethod: 'net-worth',
        certificateCode: 'TSR-3HQD-8W2N',
        renewedFrom: null,
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

/**
 * GET application: the caller's own applications in this tenant (scope mine, the default), or, for a reviewer (the
 * tenant's owners, platform admins), every application of the tenant (scope tenant), newest first.
 */
export const applicationScope = z.enum(['mine', 'tenant']);
export const applicationListQuery = pageQuery.extend({
  scope: applicationScope.default('mine').describe("mine (the caller's own, the default) or tenant (every applicant's; reviewers only)"),
  status: applicationStatus.optional().describe('Only the applications in this status'),
  type: applicationType.optional().describe('Only the applications of this type'),
  search: z
    .string()
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .describe("Keeps the applications whose applicant's e-mail or name contains this text (case-insensitive)"),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

/** POST application: the caller's own application; accreditation is the only kind, so the body may be empty. */
export const applicationCreateBody = z
  .object({
    type: applicationType.default('accreditation').describe('What the application is for (accreditation, the default)'),
    renewFrom: objectId
      .optional()
      .describe("Renews this earlier application of the caller's: the new one starts prefilled with its answers (not its documents)"),
  })
  .meta({
    id: 'ApplicationCreate',
    description: "Starts the caller's own application, status not-started, optionally renewing an earlier one.",
    examples: [{ type: 'accreditation' }, { type: 'accreditation', renewFrom: '6745a1c2e4b0a1b2c3d4e5fc' }],
  });
export type ApplicationCreate = z.output<typeof applicationCreateBody>;

/** The decisions a reviewer can take (PUT application/{id}/status). */
export const applicationDecision = z.enum(['approved', 'rejected']);
export type ApplicationDecision = z.infer<typeof applicationDecision>;
export const REVIEW_NOTE_MAX = 2000;
export const applicationStatusBody = z
  .object({
    status: applicationDecision.describe('approved or rejected'),
    note: z
      .string()
      .trim()
      .max(REVIEW_NOTE_MAX, `The note must be at most ${REVIEW_NOTE_MAX} characters`)
      .optional()
      .describe('Why: required when rejecting, shown to the applicant'),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.note), { path: ['note'], message: 'Say why the application is rejected' })
  .meta({
    id: 'ApplicationStatusChange',
    description: "A reviewer's decision on a submitted application, with a note (required when rejecting).",
    examples: [
      { status: 'approved', note: 'Tax returns for both years confirm income above $200,000.' },
      { status: 'rejected', note: 'The asset statement is older than 90 days.' },
    ],
  });
export type ApplicationStatusChange = z.output<typeof applicationStatusBody>;

/**
 * PUT application/{id}: one move of the wizard (001 §4). `questionId` is the screen the client is on (it must be the
 * application's current question, else 409); Next validates that screen's answers and moves on, Back returns to the
 * last completed screen. The server computes the status from where the application lands.
 */
export const applicationStepBody = z
  .object({
    direction: z.enum(['next', 'back']).describe('next (answer this screen and move on) or back'),
    questionId: accreditationQuestionId.describe('The screen the applicant is on'),
    answers: z.record(z.string(), z.unknown()).default({}).describe("This screen's answers by answer key (001 §3); ignored on back"),
  })
  .meta({
    id: 'ApplicationStep',
    description: 'One Next or Back of the accreditation wizard, with the answers of the screen being left.',
    examples: [
      { direction: 'next', questionId: 'identity', answers: { identity: 'individual' } },
      { direction: 'back', questionId: 'individual-method', answers: {} },
    ],
  });
export type ApplicationStep = z.output<typeof applicationStepBody>;

/** PUT application/{id}/evaluator: who the applicant asks for a letter (001 §3 evaluator request payload). */
export const evaluatorRequestBody = z
  .object({ firstname: personName('First name'), lastname: personName('Last name'), email: evaluatorEmail })
  .meta({
    id: 'EvaluatorRequestCreate',
    description: 'The evaluator (a lawyer, CPA or adviser) to e-mail a single-use upload link to.',
    examples: [{ firstname: 'Carla', lastname: 'Reyes', email: 'carla.reyes@reyes-cpa.example' }],
  });
export type EvaluatorRequestInput = z.output<typeof evaluatorRequestBody>;

export const evaluatorRequestState = z.enum(['pending', 'submitted', 'revoked', 'expired']);
export const evaluatorRequest = z
  .object({
    _id: objectId,
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    questionId: accreditationQuestionId,
    state: evaluatorRequestState,
    expiresAt: timestamp,
    submittedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({
    id: 'EvaluatorRequest',
    description: 'A request to an evaluator: who, for which evidence, and whether the link is pending, used, revoked or expired.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5e1',
        firstname: 'Carla',
        lastname: 'Reyes',
        email: 'carla.reyes@reyes-cpa.example',
        questionId: 'individual-income-eval-request',
        state: 'pending',
        expiresAt: '2026-12-11T10:00:00.000Z',
        submittedAt: null,
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  });
export type EvaluatorRequest = z.infer<typeof evaluatorRequest>;

/** The evaluator's token, on every public evaluator call. */
export const evaluatorTokenQuery = z.object({
  token: z.string().trim().min(20, 'The link is incomplete').max(200, 'The link is not valid').describe('The token from the e-mailed link'),
});

/** A document the evaluator uploaded through their link: what their page lists (POST application/{id}/evaluator/documents). */
export const evaluatorDocument = z
  .object({ _id: objectId, name: z.string(), originalName: z.string(), size: z.number().int(), createdAt: timestamp })
  .meta({
    id: 'EvaluatorDocument',
    description: 'A document the evaluator uploaded through their link.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5e2',
        name: 'Evaluator letter for Ivan Investor',
        originalName: 'letter.pdf',
        size: 81234,
        createdAt: '2026-11-28T09:00:00.000Z',
      },
    ],
  });
export type EvaluatorDocument = z.infer<typeof evaluatorDocument>;

/** What the public evaluator page shows (001 §2): the applicant and what the letter must say; nothing else. */
export const evaluatorApplicationView = z
  .object({
    applicationId: objectId,
    userId: objectId,
    applicantName: z.string(),
    applicantEmail: z.string(),
    type: z.string().describe('What the letter is for, in words'),
    evidence: z.enum(['individual-income', 'business-assets', 'business-owners']),
    businessName: z.string().nullable(),
    evaluator: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
    /** The wording the letter needs, for the instructions. */
    letterWording: z.string(),
    expiresAt: timestamp,
    submitted: z.boolean(),
    documents: z.array(evaluatorDocument),
  })
  .meta({
    id: 'EvaluatorApplication',
    description: 'The application an evaluator was asked to vouch for, as the public upload page shows it.',
    examples: [
      {
        applicationId: '6745a1c2e4b0a1b2c3d4e5fc',
        userId: '6745a1c2e4b0a1b2c3d4e5f1',
        applicantName: 'Ivan Investor',
        applicantEmail: 'ivan@example.com',
        type: 'Accredited investor verification (income)',
        evidence: 'individual-income',
        businessName: null,
        evaluator: { firstname: 'Carla', lastname: 'Reyes', email: 'carla.reyes@reyes-cpa.example' },
        letterWording:
          'I have reviewed the tax returns of Ivan Investor for 2024 and 2025 and confirm an income above $200,000 in each year...',
        expiresAt: '2026-12-11T10:00:00.000Z',
        submitted: false,
        documents: [],
      },
    ],
  });
export type EvaluatorApplicationView = z.infer<typeof evaluatorApplicationView>;

/** PUT application/{id}/evaluator/submit (001 §3 evaluator submission: message, documents). */
export const evaluatorSubmitBody = z
  .object({
    message: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional().describe('Notes for the reviewer'),
    documents: z.array(objectId).min(1, 'Upload at least one document').max(20, 'At most 20 documents'),
  })
  .meta({
    id: 'EvaluatorSubmit',
    description: "The evaluator's letter (documents uploaded through the same link) and notes.",
    examples: [{ message: 'Letter on our letterhead attached.', documents: ['6745a1c2e4b0a1b2c3d4e5e2'] }],
  });
export type EvaluatorSubmit = z.output<typeof evaluatorSubmitBody>;

/**
 * The text fields of an application upload (multipart, with the file): which answer it is for and, for statements
 * and credit reports, the date the document bears (checked against 001 §5 freshness with the file's own dates).
 */
export const applicationDocumentMetadata = z.object({
  questionKey: documentAnswerKey.describe('The answer key (001 §3) the document is evidence for'),
  documentDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the document date as YYYY-MM-DD')
    .optional()
    .describe('The date on the document (YYYY-MM-DD); required for asset and liability statements and credit reports'),
  name: z
    .string()
    .trim()
    .max(200, 'Name must be at most 200 characters')
    .optional()
    .describe("The name lists show; the file's name when left out"),
});
export type ApplicationDocumentMetadata = z.output<typeof applicationDocumentMetadata>;

export const applicationDocument = documentRecord
  .extend({
    questionKey: documentAnswerKey.nullable(),
    documentDate: z.string().nullable(),
    fileDate: timestamp.nullable(),
    fromEvaluator: z.boolean(),
  })
  .meta({
    id: 'ApplicationDocument',
    description: 'A document given as evidence on an application: the document, the answer it is for and its dates.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f6',
        name: '2025 tax return',
        type: 'INCOME_TAX',
        entityType: 'USER',
        tags: ['self', 'curr-year', '2025'],
        description: null,
        mimeType: 'application/pdf',
        size: 248311,
        url: '/api/v1/document/6745a1c2e4b0a1b2c3d4e5f6/download',
        uploadedBy: '6745a1c2e4b0a1b2c3d4e5f1',
        originalName: 'tax-return-2025.pdf',
        parsed: false,
        rights: { read: true, update: false, delete: false, share: false },
        createdAt: '2026-11-24T11:15:00.000Z',
        updatedAt: '2026-11-24T11:15:00.000Z',
        questionKey: 'individualIncomeDocUploadCurrYearSelf',
        documentDate: null,
        fileDate: '2026-03-02T09:00:00.000Z',
        fromEvaluator: false,
      },
    ],
  });
export type ApplicationDocument = z.infer<typeof applicationDocument>;

export const applicationDocumentQuery = pageQuery.extend({
  type: documentType.optional().describe('Only documents of this type'),
  search: z
    .string()
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .describe('Name or file name contains (case-insensitive)'),
});
export type ApplicationDocumentQuery = z.infer<typeof applicationDocumentQuery>;

/** GET certificate/{code}: what anyone holding a shared letter may check (001 §2 beyond the spec): name, status, validity. */
export const certificateVerification = z
  .object({
    code: z.string(),
    name: z.string().describe("The investor's (or business's) name as on the letter"),
    status: z.enum(['valid', 'expired', 'revoked']),
    issuedAt: timestamp,
    expiresAt: timestamp,
    issuer: z.string().describe('The tenant that issued it'),
  })
  .meta({
    id: 'CertificateVerification',
    description: 'Whether an accreditation letter with this code is valid, and until when.',
    examples: [
      {
        code: 'TSR-7K4M-9Q2X',
        name: 'Ivan Investor',
        status: 'valid',
        issuedAt: '2026-11-25T15:20:00.000Z',
        expiresAt: '2027-11-25T15:20:00.000Z',
        issuer: 'Acme Capital',
      },
    ],
  });
export type CertificateVerification = z.infer<typeof certificateVerification>;
export const certificateCodeParams = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^TSR-[0-9A-Z]{4}-[0-9A-Z]{4}$/, 'A certificate code looks like TSR-XXXX-XXXX')
    .describe('The code printed on the letter'),
});

export type CertificateStatus = CertificateVerification['status'];
/** How the public verification page names a certificate's status, and its colour. */
export const certificateStatusLabels: Record<CertificateStatus, string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };
export const certificateStatusColors: Record<CertificateStatus, 'success' | 'warning' | 'error'> = {
  valid: 'success',
  expired: 'warning',
  revoked: 'error',
};
