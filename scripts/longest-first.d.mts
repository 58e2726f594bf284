import type { TestSequencerConstructor } from 'vitest/node';

/** A Vitest sequencer running the longest files first, from the durations recorded in `durationsFile` (longest-first.mjs). */
export function longestFirst(durationsFile: string | URL): TestSequencerConstructor;
