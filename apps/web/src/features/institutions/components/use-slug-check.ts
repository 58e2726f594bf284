import { ENTITY_SLUG_PATTERN } from '@tessera/domain';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useInstitutionSlugAvailable } from '../api/check-institution-slug.ts';

export type SlugState = 'empty' | 'invalid' | 'unchanged' | 'checking' | 'taken' | 'available';

/** Checks an institution slug as it is typed (debounced): free unless another institution of the tenant uses it. */
export function useSlugCheck(
  tenantId: string,
  slug: string,
  options: { except?: string; saved?: string | null; enabled?: boolean } = {},
): SlugState {
  const trimmed = slug.trim();
  const valid = ENTITY_SLUG_PATTERN.test(trimmed);
  const unchanged = options.saved !== undefined && trimmed === options.saved;
  const checked = useDebouncedValue(valid && !unchanged ? trimmed : '', 300);
  const availability = useInstitutionSlugAvailable(tenantId, checked, options.except, options.enabled !== false);
  if (trimmed === '') return 'empty';
  if (!valid) return 'invalid';
  if (unchanged) return 'unchanged';
  if (checked !== trimmed || availability.isFetching || availability.data?.slug !== trimmed) return 'checking';
  return availability.data.available ? 'available' : 'taken';
}

export const SLUG_INVALID = 'Use lowercase letters, digits, hyphens and underscores, not starting or ending with a hyphen';
export const SLUG_TAKEN = 'This slug is already used by another institution';
