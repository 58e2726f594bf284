import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ImageTask, ImageTaskMessage, ImageTaskReply, MrzRegions, Pdf417Text } from './image-worker.ts';

/**
 * A small pool of image workers (`image-worker.ts`), started on first use and kept for the next upload; `close()` ends
 * them. At most two: the OCR engine has a thread of its own and the machine serves requests too.
 */

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Pending {
  task: ImageTask;
  resolve: (value: MrzRegions | Pdf417Text) => void;
  reject: (error: Error) => void;
}

const SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A JavaScript entry that registers tsx, then loads `image-worker.ts`. */
const WORKER_URL = new URL('./image-worker-entry.mjs', import.meta.url);

const slots: Slot[] = [];
const queue: Pending[] = [];
const running = new Map<number, Pending & { slot: Slot }>();
let nextId = 1;

function spawn(): Slot {
  const worker = new Worker(WORKER_URL);
  const slot: Slot = { worker, busy: false };
  worker.on('message', (reply: ImageTaskReply) => {
    const job = running.get(reply.id);
    if (!job) return;
    running.delete(reply.id);
    slot.busy = false;
    worker.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new Error(`Image worker: ${reply.error}`));
    dispatch();
  });
  const fail = (error: Error) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    for (const [id, job] of running) {
      if (job.slot !== slot) continue;
      running.delete(id);
      job.reject(error);
    }
    dispatch();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (slots.includes(slot)) fail(new Error(`Image worker stopped (exit code ${code})`));
  });
  worker.unref();
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length) {
    const slot = slots.find((s) => !s.busy) ?? (slots.length < SIZE ? spawn() : undefined);
    if (!slot) return;
    const job = queue.shift();
    if (!job) return;
    const id = nextId++;
    slot.busy = true;
    slot.worker.ref();
    running.set(id, { ...job, slot });
    const message: ImageTaskMessage = { id, task: job.task };
    slot.worker.postMessage(message);
  }
}

function runTask(task: ImageTask): Promise<MrzRegions | Pdf417Text> {
  return new Promise((resolve, reject) => {
    queue.push({ task, resolve, reject });
    dispatch();
  });
}

/** PNGs of where a passport's MRZ may be (bottom, whole page, upside down), or why the image cannot be read. */
export const mrzRegions = (image: Uint8Array) => runTask({ kind: 'mrz-regions', image }) as Promise<MrzRegions>;

/** The text of the PDF417 barcode in the image, or null with why. */
export const readPdf417 = (image: Uint8Array) => runTask({ kind: 'pdf417', image }) as Promise<Pdf417Text>;

/** Ends the workers; a later task starts new ones. */
export async function closeImagePool(): Promise<void> {
  const closing = slots.splice(0);
  const stopped = new Error('The identity verifier is shutting down');
  for (const job of queue.splice(0)) job.reject(stopped);
  for (const [id, job] of running) {
    running.delete(id);
    job.reject(stopped);
  }
  await Promise.all(closing.map((slot) => slot.worker.terminate()));
}
