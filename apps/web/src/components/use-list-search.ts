import { shouldSuggest } from '@tessera/domain';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The search a list sends for the text typed in its search box: trimmed and debounced, and only once more
 * than 2 characters are typed (000 §5: search only suggests after more than 2 characters); otherwise ''.
 */
export function useListSearch(text: string, delay = 300): string {
  const typed = useDebouncedValue(text.trim(), delay);
  return shouldSuggest(typed) ? typed : '';
}
