import type { IdentityCheck, IdentityDecision, IdentityFields, VerifyDocumentInput } from './identity-provider.ts';

/**
 * The built-in verifier's judgement, once a document has been read (or not): each check of `IdentityCheckName` with a
 * sentence a reviewer can act on, and the outcome. Unreadable → manual review (never approved); read and any check
 * failed → rejected; every applicable check passed → approved. Pure functions.
 */

/** What reading the document gave. */
export type DocumentReading =
  | { readable: false; reason: string }
  | {
      readable: true;
      fields: Partial<IdentityFields>;
      /** How it was read, for the reviewer ("The machine-readable zone was read by OCR."). */
      how: string;
      /** Null where the document has no check digits (a licence's barcode). */
      checkDigits: { label: string; valid: boolean; error?: string }[] | null;
      /** The document may have cut the given names short (a full MRZ name field). */
      nameTruncated?: boolean;
    };

// ---- names ----

const ICAO_TRANSLITERATION: Record<string, string> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ß: 'SS',
  Å: 'AA',
  Æ: 'AE',
  Ø: 'OE',
  Þ: 'TH',
  Œ: 'OE',
  Ĳ: 'IJ',
};

/** Upper-case words of a name, accents dropped (or transliterated as ICAO does), punctuation and `<` as spaces. */
function nameForms(value: string): string[] {
  const words = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .replace(/['’`]/g, '')
      .replace(/[^A-Z]+/g, ' ')
      .trim();
  const upper = value.toUpperCase();
  const transliterated = upper.replace(/[ÄÖÜßÅÆØÞŒĲ]/g, (c) => ICAO_TRANSLITERATION[c] ?? c);
  return [...new Set([words(upper), words(transliterated)])];
}

/**
 * Whether a typed given name matches the document's: the same words, or one list a prefix of the other with the same
 * first word (a middle name typed but not on the document, or on the document but not typed); when the document cut
 * its names short, the typed name only has to begin with what it shows.
 */
export function firstNamesMatch(typed: string, onDocument: string, truncated = false): boolean {
  return nameForms(typed).some((t) =>
    nameForms(onDocument).some((d) => {
      if (!t || !d) return false;
      if (t === d) return true;
      const tw = t.split(' ');
      const dw = d.split(' ');
      const shorter = tw.length <= dw.length ? tw : dw;
      const longer = shorter === tw ? dw : tw;
      if (shorter.every((word, i) => longer[i] === word)) return true;
      return truncated && t.replace(/ /g, '').startsWith(d.replace(/ /g, ''));
    }),
  );
}

/** Whether a typed family name matches the document's, spaces and hyphens aside. */
export function lastNamesMatch(typed: string, onDocument: string, truncated = false): boolean {
  return nameForms(typed).some((t) =>
    nameForms(onDocument).some((d) => {
      const tj = t.replace(/ /g, '');
      const dj = d.replace(/ /g, '');
      return Boolean(tj) && (tj === dj || (truncated && tj.startsWith(dj)));
    }),
  );
}

const normaliseNumber = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

// ---- the checks ----

type Checks = IdentityCheck[];

const NOT_READ = 'Not checked: the document could not be read.';

function check(name: IdentityCheck['name'], status: IdentityCheck['status'], detail: string): IdentityCheck {
  return { name, status, detail };
}

/** Each check and the outcome for a reading of the document and what the person typed. */
export function decide(input: VerifyDocumentInput, reading: DocumentReading, selfieIsImage: boolean): IdentityDecision {
  const checks: Checks = [];
  const selfie = selfieIsImage
    ? check('selfie-present', 'passed', 'A selfie was uploaded.')
    : check(
        'selfie-present',
        'failed',
        input.selfie?.length
          ? 'The selfie is not a JPEG, PNG or WebP image; ask the person to take it again.'
          : 'No selfie was uploaded; ask the person to take one.',
      );

  if (!reading.readable) {
    checks.push(
      check(
        'document-readable',
        'failed',
        `${reading.reason} A reviewer must compare the document with what was typed by eye, or ask for a sharper photo.`,
      ),
    );
    for (const name of [
      'check-digits',
      'not-expired',
      'first-name-matches-typed',
      'last-name-matches-typed',
      'birth-date-matches-typed',
      'document-number-matches-typed',
      'name-matches-profile',
      'birth-date-matches-profile',
    ] as const) {
      checks.push(check(name, 'not-applicable', NOT_READ));
    }
    checks.push(selfie);
    return { outcome: 'manual-review', checks, document: {} };
  }

  const doc = reading.fields;
  const truncated = reading.nameTruncated ?? false;
  checks.push(check('document-readable', 'passed', reading.how));

  if (reading.checkDigits === null) {
    checks.push(
      check(
        'check-digits',
        'not-applicable',
        'A driving licence barcode carries no check digits; its error correction vouched for the data read.',
      ),
    );
  } else {
    const wrong = reading.checkDigits.filter((c) => !c.valid);
    checks.push(
      wrong.length === 0
        ? check('check-digits', 'passed', `All ${reading.checkDigits.length} check digits of the machine-readable zone verify.`)
        : check(
            'check-digits',
            'failed',
            `${wrong.map((c) => `${c.label} does not verify${c.error ? ` (${c.error})` : ''}`).join('; ')}. The zone was altered or misprinted; compare the data page with the zone by eye.`,
          ),
    );
  }

  if (!doc.expiryDate) checks.push(check('not-expired', 'failed', 'The expiry date on the document could not be read; check it by eye.'));
  else if (doc.expiryDate < input.today)
    checks.push(check('not-expired', 'failed', `The document expired on ${doc.expiryDate}; ask for a current one.`));
  else checks.push(check('not-expired', 'passed', `The document is valid until ${doc.expiryDate}.`));

  const compare = (
    name: IdentityCheck['name'],
    what: string,
    typed: string,
    onDocument: string | undefined,
    matches: (typed: string, onDocument: string) => boolean,
  ) => {
    if (!onDocument)
      return check(name, 'failed', `The ${what} could not be read from the document; compare it by eye with the one typed (${typed}).`);
    return matches(typed, onDocument)
      ? check(name, 'passed', `The ${what} on the document (${onDocument}) matches the one typed (${typed}).`)
      : check(name, 'failed', `The ${what} on the document (${onDocument}) differs from the one typed (${typed}).`);
  };
  checks.push(
    compare('first-name-matches-typed', 'first name', input.typed.firstName, doc.firstName, (t, d) => firstNamesMatch(t, d, truncated)),
  );
  checks.push(
    compare('last-name-matches-typed', 'last name', input.typed.lastName, doc.lastName, (t, d) => lastNamesMatch(t, d, truncated)),
  );
  checks.push(compare('birth-date-matches-typed', 'birth date', input.typed.birthDate, doc.birthDate, (t, d) => t === d));
  checks.push(
    compare(
      'document-number-matches-typed',
      'document number',
      input.typed.documentNumber,
      doc.documentNumber,
      (t, d) => normaliseNumber(t) === normaliseNumber(d),
    ),
  );

  const profile = input.profile;
  const profileFirst = profile?.firstName?.trim();
  const profileLast = profile?.lastName?.trim();
  if (!profileFirst && !profileLast) {
    checks.push(check('name-matches-profile', 'not-applicable', 'No name in the passport profile to compare with.'));
  } else {
    const profileName = [profileFirst, profileLast].filter(Boolean).join(' ');
    const documentName = [doc.firstName, doc.lastName].filter(Boolean).join(' ');
    const matches =
      (!profileFirst || (doc.firstName !== undefined && firstNamesMatch(profileFirst, doc.firstName, truncated))) &&
      (!profileLast || (doc.lastName !== undefined && lastNamesMatch(profileLast, doc.lastName, truncated)));
    checks.push(
      matches
        ? check(
            'name-matches-profile',
            'passed',
            `The name on the document (${documentName}) matches the passport profile (${profileName}).`,
          )
        : check(
            'name-matches-profile',
            'failed',
            `The name on the document (${documentName || 'unread'}) differs from the passport profile (${profileName}).`,
          ),
    );
  }
  const profileBirth = profile?.birthDate?.trim();
  if (!profileBirth)
    checks.push(check('birth-date-matches-profile', 'not-applicable', 'No birth date in the passport profile to compare with.'));
  else
    checks.push(
      doc.birthDate === profileBirth
        ? check('birth-date-matches-profile', 'passed', `The birth date on the document (${doc.birthDate}) matches the passport profile.`)
        : check(
            'birth-date-matches-profile',
            'failed',
            `The birth date on the document (${doc.birthDate ?? 'unread'}) differs from the passport profile (${profileBirth}).`,
          ),
    );
  checks.push(selfie);

  const outcome = checks.some((c) => c.status === 'failed') ? 'rejected' : 'approved';
  return { outcome, checks, document: doc };
}
