import zxing, { type DecodeHintType as HintType } from '@zxing/library';
import {
  crop,
  decodeGrey,
  edgeEnergy,
  encodePng,
  type GreyImage,
  rotateHalfTurn,
  scaleToWidth,
  UnreadableImageError,
} from './image-pixels.ts';

/**
 * The identity verifier's image work, run in the API's worker pool (`lib/worker-pool.ts`): decoding an upload, cutting
 * out where a passport's machine-readable zone lies for the OCR, and reading a licence's PDF417 barcode are CPU-bound,
 * so none of it runs on the API's event loop.
 */

// The package is CommonJS without an exports map: Node sees only its default export.
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, PDF417Reader, RGBLuminanceSource } = zxing;

/** Why an image gave nothing, in words for a reviewer. */
export type ImageProblem = { problem: string };

export type MrzRegions = { regions: Uint8Array[] } | ImageProblem;
export type Pdf417Text = { text: string | null; problem?: string };

/**
 * Below this (see `edgeEnergy`) the image is blank or blurred beyond reading, and the OCR is spared. Low on purpose: a
 * page it lets through that cannot be read still ends in manual review, only slower.
 */
const MIN_EDGE_ENERGY = 3;
/** OCR reads best with characters some 25–35 px tall: a data page this wide puts the MRZ there. */
const OCR_WIDTH = 1400;

async function load(bytes: Uint8Array): Promise<GreyImage | ImageProblem> {
  try {
    const image = await decodeGrey(bytes);
    if (edgeEnergy(image) < MIN_EDGE_ENERGY) return { problem: 'the image is blank or too blurred to read' };
    return image;
  } catch (error) {
    if (error instanceof UnreadableImageError) return { problem: error.message };
    throw error;
  }
}

/** The bottom of the page (where the MRZ is) and the whole page, upright then upside down: PNGs for the OCR. */
export async function mrzRegions(bytes: Uint8Array): Promise<MrzRegions> {
  const loaded = await load(bytes);
  if ('problem' in loaded) return loaded;
  const scaled = scaleToWidth(loaded, OCR_WIDTH);
  const bottom = crop(scaled, 0, scaled.height * 0.55, scaled.width, scaled.height * 0.45);
  const upsideDown = rotateHalfTurn(scaled);
  const bottomUpsideDown = crop(upsideDown, 0, upsideDown.height * 0.55, upsideDown.width, upsideDown.height * 0.45);
  return { regions: [bottom, scaled, bottomUpsideDown, upsideDown].map((image) => new Uint8Array(encodePng(image))) };
}

function decodePdf417(image: GreyImage): string | null {
  const hints = new Map<HintType, unknown>([
    [DecodeHintType.TRY_HARDER, true],
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.PDF_417]],
  ]);
  const source = new RGBLuminanceSource(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    image.width,
    image.height,
  );
  try {
    return new PDF417Reader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    // NotFoundException, ChecksumException, FormatException: nothing readable at this size.
    return null;
  }
}

/** The licence's barcode text: as uploaded, then at sizes where the modules are a few pixels wide. */
export async function pdf417(bytes: Uint8Array): Promise<Pdf417Text> {
  const loaded = await load(bytes);
  if ('problem' in loaded) return { text: null, problem: loaded.problem };
  const attempts = [loaded.width <= 2400 ? loaded : scaleToWidth(loaded, 2400), scaleToWidth(loaded, 1600), rotateHalfTurn(loaded)];
  for (const attempt of attempts) {
    const text = decodePdf417(attempt);
    if (text) return { text };
  }
  return { text: null, problem: 'no PDF417 barcode could be decoded on it' };
}
