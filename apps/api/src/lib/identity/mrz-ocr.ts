import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';

/**
 * The OCR engine for machine-readable zones: one tesseract.js worker (a worker thread of its own), created on first
 * use, since starting it (loading the WebAssembly core and the English model) takes about a second, and kept for
 * the next document; `closeMrzOcr()` ends it. Offline: the English model is the one `@tesseract.js-data/eng` ships,
 * read from the package's folder, and nothing is cached to disk.
 */

/** The MRZ alphabet: everything else on the page is noise. */
const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

let worker: Promise<Tesseract.Worker> | undefined;

function englishModelFolder(): string {
  const require = createRequire(import.meta.url);
  // The package's LSTM model (integer "best"), the one tesseract.js itself would fetch for the LSTM engine.
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

async function startWorker(): Promise<Tesseract.Worker> {
  const created = await Tesseract.createWorker(
    'eng',
    Tesseract.OEM.LSTM_ONLY,
    { langPath: englishModelFolder(), gzip: true, cacheMethod: 'none' },
    // No dictionaries: an MRZ holds no words, and a dictionary "corrects" names and numbers into words.
    { load_system_dawg: '0', load_freq_dawg: '0' },
  );
  await created.setParameters({
    tessedit_char_whitelist: MRZ_CHARACTERS,
    tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '0',
  });
  return created;
}

function ocrWorker(): Promise<Tesseract.Worker> {
  if (!worker) {
    worker = startWorker();
    // A failed start is not remembered: the next document tries again.
    worker.catch(() => {
      worker = undefined;
    });
  }
  return worker;
}

/** The text Tesseract reads in a PNG, one line a line, restricted to the MRZ alphabet. */
export async function ocrMrzText(png: Uint8Array): Promise<string> {
  const ocr = await ocrWorker();
  const { data } = await ocr.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return data.text;
}

/** Terminates the OCR worker, if one was started. */
export async function closeMrzOcr(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (!running) return;
  try {
    await (await running).terminate();
  } catch {
    // It never started: nothing to stop.
  }
}
