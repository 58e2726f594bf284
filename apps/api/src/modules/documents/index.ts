// The public face of the documents module, owner of the `documents` and `access_grants` tables.
export { deleteTenantDocumentsUnscoped, findDocument } from './documents.repository.ts';
export {
  createDocument,
  createDocumentAs,
  type DocumentDeps,
  type DocumentUploader,
  type NewDocumentFile,
} from './documents.service.ts';
