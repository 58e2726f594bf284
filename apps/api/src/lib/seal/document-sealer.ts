import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { runInWorker } from '../worker-pool.ts';
import { cadesDetached, type CmsKey } from './cms.ts';
import type { SealFields } from './prepare-pdf.ts';

export interface SealOptions {
  /** Whose seal: each tenant seals with its own certificate. */
  tenantId: string;
  /** The tenant's name: the seal's signer name (and, for the local seal, its certificate's CN when first made). */
  signerName: string;
  /** Why the document is sealed, shown by PDF readers (e.g. 'Accredited investor verification'). */
  reason: string;
  /** Where: shown by PDF readers (e.g. the tenant's host). */
  location: string;
  /** The claimed signing time (the app's clock), written to the signature dictionary. */
  signedAt: Date;
}

/**
 * Seals PDFs with a tenant's electronic seal: a PAdES signature (ETSI.CAdES.detached, baseline B) over the whole file.
 * The local sealer keeps a self-signed certificate per tenant in the database (local-key.ts); the remote one has a
 * signing service sign the hash (remote-key.ts); SEAL_PROVIDER picks. Used for the accreditation letter and, later,
 * subscription documents.
 */
export interface DocumentSealer {
  readonly kind: 'local' | 'remote';
  seal(pdf: Uint8Array, options: SealOptions): Promise<Buffer>;
}

/** Where a sealer gets a tenant's signing key. */
export type SealKeySource = (options: SealOptions) => Promise<CmsKey>;

/** Signs what @signpdf hands over (the file without the placeholder) with the tenant's key. */
class CadesSigner extends Signer {
  constructor(private readonly key: CmsKey) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return cadesDetached(content, this.key);
  }
}

const PREPARE = new URL('./prepare-pdf.ts', import.meta.url);

export function createDocumentSealer(kind: DocumentSealer['kind'], keyOf: SealKeySource): DocumentSealer {
  const signPdf = new SignPdf();
  return {
    kind,
    async seal(pdf, options) {
      const fields: SealFields = {
        name: options.signerName,
        reason: options.reason,
        location: options.location,
        signedAt: options.signedAt,
      };
      const [key, prepared] = await Promise.all([keyOf(options), runInWorker<Uint8Array>(PREPARE, 'addSealPlaceholder', [pdf, fields])]);
      // What is left on this thread is cheap: finding the placeholder, hashing, one RSA signature.
      return signPdf.sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), new CadesSigner(key));
    },
  };
}
