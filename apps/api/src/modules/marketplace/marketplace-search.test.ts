import { describe, expect, it } from 'vitest';
import { nameGrams, nameText } from './marketplace-search.ts';

describe('names in a question', () => {
  it('are the runs of up to 8 words, without outer punctuation or a possessive', () => {
    const grams = nameGrams('Compare Alpha Towers’s figures with "Beta Plaza"?');
    expect(grams).toContain('alpha towers');
    expect(grams).toContain('beta plaza');
    expect(grams).toContain('compare alpha towers figures with beta plaza');
    expect(grams).not.toContain('plaza"?');
    // One- and two-letter words alone name nothing.
    expect(nameGrams('is it ok')).toEqual(['is it', 'is it ok', 'it ok']);
  });

  it('are bounded however long the question', () => {
    expect(nameGrams('word '.repeat(2000)).length).toBeLessThanOrEqual(2000);
    expect(nameGrams(Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ')).length).toBe(2000);
  });

  it('read the same in any case and spacing', () => {
    expect(nameText('  Harbor-Point  APARTMENTS ')).toBe(' harbor point apartments ');
  });
});
