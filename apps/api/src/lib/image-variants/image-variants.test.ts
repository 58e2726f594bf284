import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory-storage.ts';
import { headerSize } from './image-variant-task.ts';
import { imageAtWidth, makeImageCopies } from './image-variants.ts';
import { gradientPng } from './image-variants.test-helpers.ts';

const log = pino({ level: 'silent' });

describe('imageAtWidth', () => {
  it('makes one copy for asks of the same image and width that arrive together, and sends it to each', async () => {
    const storage = createMemoryStorage();
    const puts: string[] = [];
    const counting = { ...storage, put: (key: string, data: Buffer, type: string) => (puts.push(key), storage.put(key, data, type)) };
    const png = gradientPng(1600, 800);
    await storage.put('img/banner', png, 'image/png');
    const image = { storageKey: 'img/banner', mimeType: 'image/png' };
    const ask = async (width: number) => {
      const original = (await storage.get('img/banner'))!;
      return buffer((await imageAtWidth({ storage: counting, log }, image, original, width)).stream);
    };

    const answers = await Promise.all([ask(640), ask(640), ask(640), ask(640), ask(320)]);
    // One copy per width, not one per ask: the three later asks for 640 waited for the first's.
    expect(puts.sort()).toEqual(['img/banner-w320', 'img/banner-w640']);
    for (const answer of answers.slice(0, 4)) expect(headerSize(answer)).toEqual({ width: 640, height: 320 });
    expect(headerSize(answers[4]!)).toEqual({ width: 320, height: 160 });
    // A later ask reads the kept copy.
    expect(headerSize(await ask(640))).toEqual({ width: 640, height: 320 });
    expect(puts).toHaveLength(2);
  });

  it('sends the original when no width is asked', async () => {
    const storage = createMemoryStorage();
    const original = { stream: Readable.from([Buffer.from('bytes')]), size: 5 };
    expect(await imageAtWidth({ storage, log }, { storageKey: 'k', mimeType: 'image/png' }, original, undefined)).toBe(original);
    expect(storage.keys()).toEqual([]);
  });
});

describe('makeImageCopies', () => {
  it('makes the widths not kept yet, and nothing for an image whose original is gone', async () => {
    const storage = createMemoryStorage();
    const puts: string[] = [];
    const counting = { ...storage, put: (key: string, data: Buffer, type: string) => (puts.push(key), storage.put(key, data, type)) };
    await storage.put('img/wide', gradientPng(1400, 100), 'image/png');
    await storage.put('img/wide-w640', Buffer.from('kept'), 'image/webp');
    const image = { storageKey: 'img/wide', mimeType: 'image/png' };

    await makeImageCopies({ storage: counting, log }, image, [320, 640, 960]);
    expect(puts).toEqual(['img/wide-w320', 'img/wide-w960']);
    expect(headerSize(await buffer((await storage.get('img/wide-w960'))!.stream))).toEqual({ width: 960, height: 69 });
    // Made once: asked again, nothing is made.
    await makeImageCopies({ storage: counting, log }, image, [320, 640, 960]);
    expect(puts).toHaveLength(2);

    await makeImageCopies({ storage: counting, log }, { storageKey: 'img/gone', mimeType: 'image/png' }, [320]);
    expect(puts).toHaveLength(2);
  });
});
