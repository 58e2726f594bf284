import { parseAamva } from './aamva.ts';
import { decide, type DocumentReading } from './identity-checks.ts';
import type { VerifyIdentityDocument } from './identity-provider.ts';
import { closeImagePool, mrzRegions, readPdf417 } from './image-pool.ts';
import { imageKind } from './image-pixels.ts';
import { closeMrzOcr, ocrMrzText } from './mrz-ocr.ts';
import { findTd3Lines, readTd3, type Td3Reading } from './mrz-td3.ts';

/**
 * The built-in verifier: reads the document itself, offline, then checks it against what the person typed and their
 * passport profile (`identity-checks.ts`). A passport's machine-readable zone is read by OCR (tesseract.js, its own
 * worker thread) from the regions the image worker cuts out; a US driving licence's PDF417 barcode is decoded in the
 * image worker. Nothing CPU-heavy runs on the event loop.
 */

async function readPassport(front: Buffer, today: string): Promise<DocumentReading> {
  const prepared = await mrzRegions(front);
  if ('problem' in prepared) return { readable: false, reason: `The passport's data page could not be read: ${prepared.problem}.` };
  const [bottom, whole, upsideDown] = prepared.regions;
  let best: Td3Reading | undefined;
  const invalid = (reading: Td3Reading) => reading.checkDigits.filter((c) => !c.valid).length;
  // The bottom of the page first (where the zone is), then the whole page; upside down only if neither held a zone.
  for (const region of [bottom, whole, upsideDown]) {
    if (!region || (region === upsideDown && best)) continue;
    const lines = findTd3Lines(await ocrMrzText(region));
    if (!lines) continue;
    let reading: Td3Reading;
    try {
      reading = readTd3(lines, today);
    } catch {
      continue;
    }
    if (!best || invalid(reading) < invalid(best)) best = reading;
    if (invalid(best) === 0) break;
  }
  if (!best) {
    return {
      readable: false,
      reason: "No machine-readable zone (two lines of 44 characters at the foot of the passport's data page) was found on the image.",
    };
  }
  if (best.unreadableCheckDigits.length) {
    // A letter where only a digit can stand is a misreading, not a forgery: a person must look, not the verifier refuse.
    return {
      readable: false,
      reason: `The machine-readable zone was found, but OCR could not read ${best.unreadableCheckDigits.join(' or ')}.`,
    };
  }
  const repaired = best.repairs.length ? ` ${best.repairs.join(' ')}` : '';
  return {
    readable: true,
    fields: best.fields,
    how: `The passport's machine-readable zone was read by OCR.${repaired}`,
    checkDigits: best.checkDigits,
    nameTruncated: best.nameTruncated,
  };
}

async function readLicence(back: Buffer | undefined): Promise<DocumentReading> {
  if (!back?.length)
    return { readable: false, reason: "No image of the licence's back was uploaded; its barcode is what the verifier reads." };
  const { text, problem } = await readPdf417(back);
  if (!text)
    return { readable: false, reason: `The barcode on the back of the licence could not be read: ${problem ?? 'nothing decoded'}.` };
  const licence = parseAamva(text);
  if (!licence) return { readable: false, reason: 'The barcode on the back of the licence is not an AAMVA driving licence barcode.' };
  if (licence.missing.length) {
    return { readable: false, reason: `The licence's barcode was decoded, but it lacks the ${licence.missing.join(', ')}.` };
  }
  return {
    readable: true,
    fields: licence.fields,
    how: 'The PDF417 barcode on the back of the licence was decoded and its AAMVA fields read.',
    checkDigits: null,
  };
}

export const verifyIdentityDocument: VerifyIdentityDocument = async (input) => {
  const reading = input.documentType === 'passport' ? await readPassport(input.front, input.today) : await readLicence(input.back);
  const selfieIsImage = Boolean(input.selfie?.length && imageKind(input.selfie));
  return decide(input, reading, selfieIsImage);
};

/** Stops the verifier's worker threads (the OCR engine and the image workers); called when the app closes. */
export async function closeIdentityVerifier(): Promise<void> {
  await Promise.all([closeMrzOcr(), closeImagePool()]);
}
