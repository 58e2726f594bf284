import { describe, expect, it } from 'vitest';
import {
  applyMask,
  isMaskComplete,
  maskCurrencyInput,
  MASKS,
  maskPercentInput,
  parseCurrencyInput,
  parsePercentInput,
  unmask,
} from './masks.ts';

describe('MASKS (§5)', () => {
  it('holds the spec patterns', () => {
    expect(MASKS).toEqual({
      phone: '(000) 000-0000',
      ssn: '000-00-0000',
      ein: '00-0000000',
      tin: '000-00-0000',
      crd: '0000000000',
      zip: '00000',
    });
  });
});

describe('applyMask', () => {
  it.each([
    ['phone', '5551234567', '(555) 123-4567'],
    ['phone', '(555) 123-4567', '(555) 123-4567'],
    ['phone', '555.123.4567 ext 89', '(555) 123-4567'],
    ['ssn', '123456789', '123-45-6789'],
    ['ein', '123456789', '12-3456789'],
    ['tin', '123-45-6789', '123-45-6789'],
    ['crd', '12345678901234', '1234567890'],
    ['zip', '78701-1234', '78701'],
  ] as const)('%s: %j → %j', (name, input, output) => {
    expect(applyMask(MASKS[name], input)).toBe(output);
  });

  it('formats partial input as it is typed', () => {
    expect(applyMask(MASKS.phone, '')).toBe('');
    expect(applyMask(MASKS.phone, '5')).toBe('(5');
    expect(applyMask(MASKS.phone, '555')).toBe('(555');
    expect(applyMask(MASKS.phone, '5551')).toBe('(555) 1');
    expect(applyMask(MASKS.ssn, '123')).toBe('123');
    expect(applyMask(MASKS.ssn, '1234')).toBe('123-4');
  });

  it('drops letters', () => {
    expect(applyMask(MASKS.zip, 'ab1c2')).toBe('12');
  });
});

describe('unmask and isMaskComplete', () => {
  it('keeps the digits only', () => {
    expect(unmask('(555) 123-4567')).toBe('5551234567');
  });

  it('knows when every digit slot is filled', () => {
    expect(isMaskComplete(MASKS.phone, '(555) 123-4567')).toBe(true);
    expect(isMaskComplete(MASKS.phone, '(555) 123-456')).toBe(false);
    expect(isMaskComplete(MASKS.ssn, '123-45-6789')).toBe(true);
    expect(isMaskComplete(MASKS.ein, '12-345678')).toBe(false);
    expect(isMaskComplete(MASKS.crd, '1234567890')).toBe(true);
    expect(isMaskComplete(MASKS.zip, '7870')).toBe(false);
  });
});

describe('currency input', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['0', '$0'],
    ['1234', '$1,234'],
    ['1234567.891', '$1,234,567.89'],
    ['$1,234.5', '$1,234.5'],
    ['1234.', '$1,234.'],
    ['.5', '$0.5'],
    ['0012', '$12'],
    ['1.2.3', '$1.23'],
    ['-50', '$50'],
  ])('masks %j as %j', (input, output) => {
    expect(maskCurrencyInput(input)).toBe(output);
  });

  it('parses back to a number', () => {
    expect(parseCurrencyInput('$1,234,567.89')).toBe(1234567.89);
    expect(parseCurrencyInput('$0')).toBe(0);
    expect(parseCurrencyInput(maskCurrencyInput('98765.4'))).toBe(98765.4);
  });

  it.each(['', '   ', '$', 'abc', '.', '$,'])('parses %j as null', (input) => {
    expect(parseCurrencyInput(input)).toBeNull();
  });
});

describe('percent input', () => {
  it.each([
    ['', ''],
    ['x', ''],
    ['5', '5%'],
    ['12.345', '12.34%'],
    ['99.99', '99.99%'],
    ['100', '100%'],
    ['100.5', '100%'],
    ['150', '100%'],
    ['007', '7%'],
    ['50%', '50%'],
  ])('masks %j as %j, capped at 100', (input, output) => {
    expect(maskPercentInput(input)).toBe(output);
  });

  it('takes another cap', () => {
    expect(maskPercentInput('60', 50)).toBe('50%');
  });

  it('parses back to a number, capped at 100', () => {
    expect(parsePercentInput('12.5%')).toBe(12.5);
    expect(parsePercentInput('0%')).toBe(0);
    expect(parsePercentInput('150')).toBe(100);
    expect(parsePercentInput('60', 50)).toBe(50);
  });

  it.each(['', '%', 'abc', '.'])('parses %j as null', (input) => {
    expect(parsePercentInput(input)).toBeNull();
  });
});
