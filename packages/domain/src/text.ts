import { isEmptyValue } from './validation.ts';

/**
 * An integer with thousands separators ('10,000'), for texts the schemas build when their module loads. Not
 * `toLocaleString('en-US')`: a browser's first Intl number format sets up its locale data, which took 140 ms of the app's
 * boot on a phone (Lighthouse's 4× slowdown) for one schema description.
 */
export function groupThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Text helpers with no date library, so the smallest screens (sign-in) can use them. */

/** Minutes and seconds left, 'mm:ss' (minutes at least two digits), never negative. */
export function formatCountdown(msLeft: number): string {
  const total = Number.isFinite(msLeft) ? Math.max(0, Math.floor(msLeft / 1000)) : 0;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export const TRUNCATE_DEFAULT = 40;
export function truncate(text: string | null | undefined, max: number = TRUNCATE_DEFAULT): string {
  if (!text) return '';
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** Initials: first letters of the first two words, else the first two characters, uppercased; 'XX' if none. */
export function initials(text: string | null | undefined): string {
  // Array.from splits by code point, so an emoji or astral character is never cut in half.
  const words = (text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => Array.from(w));
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).join('').toUpperCase();
  return 'XX';
}

/** A name part counts only when it is not an §5 empty value ('-' and '- -' are placeholders). */
const present = (v: string | null | undefined): v is string => typeof v === 'string' && !isEmptyValue(v);

export interface NamedUser {
  _id?: string | null;
  displayname?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
}
/** Users: display name, then first and last name, then either alone, then email, then id. */
export function userDisplayName(u: NamedUser | null | undefined): string {
  if (!u) return '';
  if (present(u.displayname)) return u.displayname.trim();
  if (present(u.firstname) && present(u.lastname)) return `${u.firstname.trim()} ${u.lastname.trim()}`;
  if (present(u.firstname)) return u.firstname.trim();
  if (present(u.lastname)) return u.lastname.trim();
  if (present(u.email)) return u.email.trim();
  return u._id ?? '';
}

/** Institutions: name, slug, id. */
export function institutionDisplayName(i: { _id?: string | null; name?: string | null; slug?: string | null } | null | undefined): string {
  if (!i) return '';
  if (present(i.name)) return i.name.trim();
  if (present(i.slug)) return i.slug.trim();
  return i._id ?? '';
}

/** Businesses: display name, dba, name, id. */
export function businessDisplayName(
  b: { _id?: string | null; displayname?: string | null; dba?: string | null; name?: string | null } | null | undefined,
): string {
  if (!b) return '';
  if (present(b.displayname)) return b.displayname.trim();
  if (present(b.dba)) return b.dba.trim();
  if (present(b.name)) return b.name.trim();
  return b._id ?? '';
}
