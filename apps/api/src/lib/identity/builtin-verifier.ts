import { parseAamva } from './aamva.ts';
import { decide, type DocumentReading } from './identity-checks.ts';
import type { IdentityDecision, VerifyDocumentInput, VerifyIdentityDocument } from './identity-provider.ts';
import type { MrzRegions, Pdf417Text } from './image-tasks.ts';
import { imageKind } from './image-pixels.ts';
import { closeMrzOcr, ocrMrzText } from './mrz-ocr.ts';
import { findTd3Lines, readTd3, type Td3Reading } from './mrz-td3.ts';
import { runInWorker } from '../worker-pool.ts';

/**
 * The built-in verifier: reads the document itself, offline, then checks it against what the person typed and their
 * passport profile (`identity-checks.ts`). A passport's machine-readable zone is read by OCR (tesseract.js, its own
 * worker thread) from the regions the worker pool cuts out (`image-tasks.ts`); a US driving licence's PDF417 barcode is
 * decoded in the worker pool. Nothing CPU-heavy runs on the event loop.
 */

const IMAGE_TASKS = new URL('./image-tasks.ts', import.meta.url);
/** PNGs of where a passport's MRZ may be (bottom, whole page, upside down), or why the image cannot be read. */
const mrzRegions = (image: Uint8Array) => runInWorker<MrzRegions>(IMAGE_TASKS, 'mrzRegions', [image]);
/** The text of the PDF417 barcode in the image, or null with why. */
const readPdf417 = (image: Uint8Array) => runInWorker<Pdf417Text>(IMAGE_TASKS, 'pdf417', [image]);

/** The zone as OCR reads it in one region (repaired where check digits confirm it), or undefined when none is found. */
async function readRegion(region: Uint8Array | undefined, today: string): Promise<Td3Reading | undefined> {
  if (!region) return undefined;
  const lines = findTd3Lines(await ocrMrzText(region));
  if (!lines) return undefined;
  try {
    return readTd3(lines, today);
  } catch {
    return undefined;
  }
}

function asDocumentReading(zone: Td3Reading): DocumentReading {
  if (zone.unreadableCheckDigits.length) {
    // A letter where only a digit can stand is a misreading, not a forgery: a person must look, not the verifier refuse.
    return {
      readable: false,
      reason: `The machine-readable zone was found, but OCR could not read ${zone.unreadableCheckDigits.join(' or ')}.`,
    };
  }
  const repaired = zone.repairs.length ? ` ${zone.repairs.join(' ')}` : '';
  return {
    readable: true,
    fields: zone.fields,
    how: `The passport's machine-readable zone was read by OCR.${repaired}`,
    checkDigits: zone.checkDigits,
    nameTruncated: zone.nameTruncated,
  };
}

const unreadable = (input: VerifyDocumentInput, reason: string) => decide(input, { readable: false, reason }, selfieIsImage(input));

/**
 * A passport: the zone read from the bottom of the page (or, failing that, the whole page; then the same upside down).
 * OCR can misread a name or a digit, and a misreading must not reject a genuine passport: a reading that fails a check
 * is read again from the other region, and the passport is rejected only when both readings agree; when they
 * disagree, a person decides (unless the second reading passes every check).
 */
async function verifyPassport(input: VerifyDocumentInput): Promise<IdentityDecision> {
  const prepared = await mrzRegions(input.front);
  if ('problem' in prepared) return unreadable(input, `The passport's data page could not be read: ${prepared.problem}.`);
  const [bottom, whole, bottomUpsideDown, wholeUpsideDown] = prepared.regions;
  // Each region with the one that can confirm its reading (same orientation).
  const attempts: [Uint8Array | undefined, Uint8Array | undefined][] = [
    [bottom, whole],
    [whole, undefined],
    [bottomUpsideDown, wholeUpsideDown],
    [wholeUpsideDown, undefined],
  ];
  for (const [region, confirming] of attempts) {
    const first = await readRegion(region, input.today);
    if (!first) continue;
    const decision = decide(input, asDocumentReading(first), selfieIsImage(input));
    if (decision.outcome === 'approved') return decision;
    const second = await readRegion(confirming, input.today);
    const again = second && decide(input, asDocumentReading(second), selfieIsImage(input));
    if (again?.outcome === 'approved') return again;
    // Already a case for a person (a check digit OCR could not read), or confirmed by a second, identical reading.
    if (decision.outcome === 'manual-review' || (second && second.lines.join() === first.lines.join())) return decision;
    const failed = decision.checks.filter((c) => c.status === 'failed').map((c) => c.name);
    return unreadable(
      input,
      `The machine-readable zone was found, but ${second ? 'two OCR readings of it disagree' : 'it could be read only once'} and the reading failed ${failed.join(', ')}, so a misreading cannot be told from a real mismatch.`,
    );
  }
  return unreadable(
    input,
    "No machine-readable zone (two lines of 44 characters at the foot of the passport's data page) was found on the image.",
  );
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

const selfieIsImage = (input: VerifyDocumentInput) => Boolean(input.selfie?.length && imageKind(input.selfie));

export const verifyIdentityDocument: VerifyIdentityDocument = async (input) => {
  if (input.documentType === 'passport') return verifyPassport(input);
  return decide(input, await readLicence(input.back), selfieIsImage(input));
};

/** Stops the OCR engine's thread (the worker pool closes with the app); called when the app closes. */
export async function closeIdentityVerifier(): Promise<void> {
  await closeMrzOcr();
}
