import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';

/** Room for the signature: a CMS with a 2048-bit (or larger) key and a short chain fits in well under 8 KB. */
export const SIGNATURE_BYTES = 8192;

export interface SealFields {
  name: string;
  reason: string;
  location: string;
  signedAt: Date;
}

/**
 * The PDF with an empty PAdES signature field (ETSI.CAdES.detached) for the seal to fill: CPU-bound (pdf-lib reads and
 * writes the whole file), so the sealer runs it in the worker pool.
 */
export async function addSealPlaceholder(pdf: Uint8Array, fields: SealFields): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: fields.reason,
    contactInfo: '',
    name: fields.name,
    location: fields.location,
    signingTime: fields.signedAt,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Without object streams, so the signature dictionary stays findable as plain text.
  return doc.save({ useObjectStreams: false });
}
