import { describe, expect, it } from 'vitest';
import { isPersonalAdviceRequest } from './advice.ts';
import { glossaryFor } from './glossary.ts';
import { GLOSSARY } from './glossary.ts';

describe('isPersonalAdviceRequest', () => {
  it.each([
    'Should I invest in Harbor Point?',
    'should i buy this offer',
    'Should we put money into the Alpha fund?',
    'Is Harbor Point a good investment for me?',
    'Is this a good deal?',
    'is it worth it?',
    'Is Alpha Towers worth investing in?',
    'What should I buy?',
    'Which offer should I pick?',
    'How much should I put in?',
    'how much money should I invest in this offer',
    'How much of my savings can go into this?',
    'Recommend me an offer',
    'What do you recommend?',
    'Which one would you recommend?',
    'Would you invest in this?',
    'What would you do?',
    'What is the best offer for me?',
    'Which offer fits my retirement portfolio best?',
    'Can I afford this investment?',
    'Give me investment advice',
    'Will I make money on this?',
    'I want to put my IRA into something, which should I choose?',
  ])('refuses %j', (question) => {
    expect(isPersonalAdviceRequest(question)).toBe(true);
  });

  it.each([
    'What is the minimum investment?',
    'What is the minimum investment for Harbor Point?',
    'Which offers have IRR above 15%?',
    'Which open offers have a target IRR above 15%?',
    'Which offers have the lowest minimum investment?',
    'Which offer has the best IRR?',
    'Compare Alpha Towers and Beta Plaza',
    'What is an equity multiple?',
    'Who counts as an accredited investor?',
    'How much is the minimum for this offer?',
    'What should I know about Reg D 506(c)?',
    'Tell me about this offer',
    'How do I invest in an offer on this platform?',
    'What does preferred return mean?',
    'Is this offer open?',
    'How long is my accreditation valid?',
    '',
  ])('answers %j', (question) => {
    expect(isPersonalAdviceRequest(question)).toBe(false);
  });
});

describe('glossary', () => {
  it('has at least 20 terms, each with a definition of substance', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(20);
    for (const entry of GLOSSARY) expect(entry.definition.length, entry.term).toBeGreaterThan(80);
    expect(new Set(GLOSSARY.map((e) => e.term)).size).toBe(GLOSSARY.length);
  });

  it.each([
    ['What is IRR?', 'IRR (internal rate of return) / target IRR'],
    ['What is an equity multiple?', 'Equity multiple'],
    ['explain cash-on-cash', 'Cash-on-cash return'],
    ['What is a preferred return?', 'Preferred return'],
    ['What is the holding period?', 'Holding period'],
    ['What is the minimum investment?', 'Minimum investment'],
    ['How often are distributions paid?', 'Distribution frequency'],
    ['what does upside split mean', 'Upside split'],
    ['What is the price per unit?', 'Price per unit'],
    ['Who counts as an accredited investor?', 'Accredited investor'],
    ['How long is accreditation valid?', 'Accreditation on this platform'],
    ['What is Reg D 506(b)?', 'Regulation D Rule 506(b)'],
    ['and 506(c)?', 'Regulation D Rule 506(c)'],
    ['What is Reg CF?', 'Regulation Crowdfunding (Reg CF)'],
    ['Explain Reg A+', 'Regulation A+ (Reg A+)'],
    ['What does offer status upcoming mean?', 'Offer status (upcoming, open, closed)'],
    ['What is an asset class?', 'Asset class'],
    ['What does a sponsor do?', 'Sponsor'],
    ['What is the capital stack?', 'Capital stack'],
    ['What is preferred equity?', 'Preferred equity'],
    ['What is mezzanine debt?', 'Mezzanine debt'],
    ['How does a waterfall work?', 'Distribution waterfall'],
    ['Will I get a K-1?', 'Schedule K-1'],
    ['What is a PPM?', 'Private placement memorandum (PPM)'],
  ])('finds the entry %j mentions', (question, term) => {
    expect(glossaryFor(question).map((e) => e.term)).toContain(term);
  });

  it('states the accreditation rules: Rule 501(a) thresholds, licences, entities and the one-year validity', () => {
    const [entry] = glossaryFor('Who counts as an accredited investor?');
    expect(entry!.definition).toMatch(/\$200,000/);
    expect(entry!.definition).toMatch(/\$300,000/);
    expect(entry!.definition).toMatch(/\$1,000,000.*primary residence/);
    expect(entry!.definition).toMatch(/Series 7, Series 65 or Series 82/);
    expect(entry!.definition).toMatch(/\$5,000,000/);
    expect(entry!.definition).toMatch(/knowledgeable employee/);
    expect(entry!.definition).toMatch(/one year from its review date/);
  });

  it('keeps the specific term when a general one is mentioned only through it', () => {
    expect(glossaryFor('What is preferred equity?').map((e) => e.term)).toEqual(['Preferred equity']);
    expect(glossaryFor('What is 506(c)?').map((e) => e.term)).toEqual(['Regulation D Rule 506(c)']);
    expect(glossaryFor('what is the weather like?')).toEqual([]);
  });
});
