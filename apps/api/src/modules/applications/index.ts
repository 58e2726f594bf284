// The public face of the applications module: how other modules read an application and its reviewers.
export {
  findApplicationStatus,
  findLatestApplicationStatus,
  findOwnApproval,
  reviewerFields,
  reviewers,
  toApplication,
  toApplicationSummary,
} from './applications.repository.ts';
