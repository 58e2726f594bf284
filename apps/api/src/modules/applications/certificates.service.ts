import { randomBytes } from 'node:crypto';
import {
  approvalExpiry,
  isApprovalExpired,
  pickBrandLogo,
  userDisplayName,
  verificationMethodLabels,
  type CertificateVerification,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ApplicationRow, TenantRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import type { DocumentSealer } from '../../lib/seal/index.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { runInWorker } from '../../lib/worker-pool.ts';
import { readBrandingImage } from '../branding/index.ts';
import { insertIssuedDocument, storeIssuedFile, type IssuedFile } from '../documents/index.ts';
import { applicationApprovedMail, applicationRejectedMail } from './application-mails.ts';
import type { CertificateLetter } from './certificate-pdf.ts';
import { certificateCodeTaken, findByCertificateCode, findLetterParties } from './certificates.repository.ts';

/** What a review needs: the database and clock, the letter's storage and seal, and the applicant's mail. */
export interface ReviewDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  sealer: DocumentSealer;
  mailer: Mailer;
}

/** Where the review was made: the host's tenant and the origin that links (the QR code, the mail) point to. */
export interface ReviewSite {
  tenant: TenantRow;
  origin: string;
}

/** The approval letter's document name starts with this. */
export const LETTER_NAME_PREFIX = 'Accreditation certificate – ';
export const LETTER_DOCUMENT_TYPE = 'accredited-investor-letter';

/** 32 letters and digits without 0/O and 1/I, so a code read off paper is typed right: 40 bits of chance per code. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function newCertificateCode(): string {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b & 31]);
  return `TSR-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** A code no certificate has yet; the unique index still decides at the write (the caller retries on a collision). */
export async function freshCertificateCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newCertificateCode();
    if (!(await certificateCodeTaken(db, code))) return code;
  }
  throw new Error('no free certificate code after 5 attempts');
}

export const verifyUrl = (origin: string, code: string) => `${origin}/verify/${code}`;

function logoType(data: Buffer): 'png' | 'jpeg' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

/** The tenant's light logo when it is a PNG or JPEG the PDF can carry; otherwise the letter prints the tenant's name. */
async function letterLogo(storage: FileStorage, tenant: TenantRow): Promise<CertificateLetter['logo']> {
  const image = pickBrandLogo(tenant.branding.images, 'light');
  const data = image ? await readBrandingImage(storage, tenant, image._id).catch(() => null) : null;
  const type = data ? logoType(data) : null;
  return data && type ? { data, type } : null;
}

const CERTIFICATE_PDF = new URL('./certificate-pdf.ts', import.meta.url);

export interface IssuedLetter {
  file: IssuedFile;
  code: string;
  name: string;
}

/**
 * Draws the approval letter (in the worker pool), seals it with the tenant's seal and stores the bytes; the caller
 * records the document and the application in one transaction, and discards the file if that fails.
 */
export async function issueApprovalLetter(
  deps: ReviewDeps,
  site: ReviewSite,
  row: ApplicationRow,
  reviewedAt: Date,
  code: string,
): Promise<IssuedLetter> {
  const { tenant } = site;
  const { applicant, businessName } = await findLetterParties(deps.db, row);
  const applicantName = userDisplayName(applicant);
  const name = businessName ?? applicantName;
  const letter: CertificateLetter = {
    name,
    applicantName: businessName ? applicantName : null,
    methodLabel: row.verificationMethod ? verificationMethodLabels[row.verificationMethod] : 'Reviewed evidence',
    issuedAt: reviewedAt,
    expiresAt: approvalExpiry(reviewedAt),
    issuer: tenant.name,
    primaryColor: tenant.branding.theme.light.primary,
    logo: await letterLogo(deps.storage, tenant),
    code,
    verifyUrl: verifyUrl(site.origin, code),
  };
  const pdf = await runInWorker<Uint8Array>(CERTIFICATE_PDF, 'renderCertificatePdf', [letter]);
  const sealed = await deps.sealer.seal(pdf, {
    tenantId: tenant.id,
    signerName: tenant.name,
    reason: `Accredited investor verification ${code}`,
    location: new URL(site.origin).host,
    signedAt: reviewedAt,
  });
  const file = await storeIssuedFile(deps.storage, tenant.id, sealed, 'application/pdf');
  return { file, code, name };
}

/** The letter's document row, owned by the applicant, inside the review's transaction. */
export function recordApprovalLetter(tx: DbOrTx, letter: IssuedLetter, row: ApplicationRow, reviewerId: string) {
  return insertIssuedDocument(tx, letter.file, {
    tenantId: row.tenantId,
    ownerId: row.userId,
    actorId: reviewerId,
    name: `${LETTER_NAME_PREFIX}${letter.name}`,
    type: LETTER_DOCUMENT_TYPE,
    entityType: 'USER',
    tags: ['accreditation'],
    description: `Verified Accredited Investor certificate, verification code ${letter.code}`,
    originalName: `accreditation-certificate-${letter.code}.pdf`,
    mimeType: 'application/pdf',
  });
}

const formatDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

/** The applicant's e-mail about the decision: the letter's link when approved, the reviewer's note when rejected. */
export async function mailDecision(
  deps: ReviewDeps,
  site: ReviewSite,
  row: ApplicationRow,
  decision: { status: 'approved'; code: string; documentId: string; reviewedAt: Date } | { status: 'rejected'; note: string },
): Promise<void> {
  const { applicant } = await findLetterParties(deps.db, row);
  const mail =
    decision.status === 'approved'
      ? applicationApprovedMail(
          site.tenant.name,
          decision.code,
          formatDay(approvalExpiry(decision.reviewedAt)),
          `${site.origin}/document/${decision.documentId}`,
        )
      : applicationRejectedMail(site.tenant.name, decision.note, `${site.origin}/investor/applications/${row.id}`);
  await deps.mailer.send({ to: applicant.email, tenantId: row.tenantId, ...mail });
}

/**
 * GET certificate/{code}: what a sponsor may know of a shared letter, in the host's tenant only: the name on it, the
 * issuer, when it was issued and until when it is valid, and its status. The name is the applicant's (or business's)
 * as it stands now. valid: the application is approved and its
 * year has not passed; expired: the year has passed; revoked: the application no longer stands approved (a reviewer
 * or admin set it to another status after the letter was issued). An unknown code, or another tenant's, is a 404.
 */
export async function verifyCertificate(
  deps: Pick<ReviewDeps, 'db' | 'clock'>,
  tenantId: string,
  code: string,
): Promise<CertificateVerification> {
  const found = await findByCertificateCode(deps.db, tenantId, code);
  if (!found?.row.reviewedAt) throw new AppError('not-found', 'No certificate has this code');
  const { row, tenantName } = found;
  const { applicant, businessName } = await findLetterParties(deps.db, row);
  const status =
    row.status !== 'approved' ? 'revoked' : isApprovalExpired(row.status, row.reviewedAt, deps.clock.now()) ? 'expired' : 'valid';
  return {
    code,
    name: businessName ?? userDisplayName(applicant),
    status,
    issuedAt: row.reviewedAt!.toISOString(),
    expiresAt: approvalExpiry(row.reviewedAt!).toISOString(),
    issuer: tenantName,
  };
}
