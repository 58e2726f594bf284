// The public face of the documents module, owner of the `documents` and `access_grants` tables.
export {
  registerDocumentAccessRule,
  registerDocumentLock,
  type DocumentAccessRule,
  type DocumentLockRule,
} from './document-access-rules.ts';
export {
  deleteTenantDocumentsUnscoped,
  findDocument,
  findDocumentsByIds,
  listSharingPartnerIds,
  sealLegacyParsedTextUnscoped,
  toDocumentRecord,
} from './documents.repository.ts';
export {
  createDocument,
  createDocumentAs,
  deleteDocument,
  grantDocumentsIn,
  type DocumentDeps,
  type DocumentUploader,
  type NewDocumentFile,
} from './documents.service.ts';
export { insertIssuedDocument, storeIssuedFile, type IssuedFile } from './issued-documents.ts';
export { extractPdfText } from './pdf-text.ts';
