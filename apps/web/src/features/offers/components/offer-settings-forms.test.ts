import { describe, expect, it } from 'vitest';
import { toLocalInput } from './offer-settings-forms.tsx';

/** What a datetime-local input accepts as its value (HTML's "valid normalized local date and time string"). */
const LOCAL_DATE_TIME = /^\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}$/;

describe('the offer status dates', () => {
  it('give the datetime-local inputs a value they accept, in the local time zone', () => {
    const local = new Date(2026, 10, 25, 9, 5);
    expect(toLocalInput(local.toISOString())).toBe('2026-11-25T09:05');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('keep four digits of a year typed half-way, which the input would otherwise refuse with a warning', () => {
    const early = new Date(2026, 10, 25, 9, 5);
    early.setFullYear(2);
    expect(toLocalInput(early.toISOString())).toBe('0002-11-25T09:05');
    expect(toLocalInput(early.toISOString())).toMatch(LOCAL_DATE_TIME);
  });
});
