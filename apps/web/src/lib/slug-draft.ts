import { entitySlugify } from '@tessera/domain';

/** A create form's name and slug: the slug is derived from the name until it is edited by hand. */
interface SlugDraft {
  name: string;
  slug: string;
  slugEdited: boolean;
}

/** The draft with a new name; the slug follows it unless it has been edited. */
export function withDraftName<D extends SlugDraft>(draft: D, name: string): D {
  return { ...draft, name, slug: draft.slugEdited ? draft.slug : entitySlugify(name) };
}

/** The draft with a slug typed by hand, which no longer follows the name. */
export function withDraftSlug<D extends SlugDraft>(draft: D, slug: string): D {
  return { ...draft, slug, slugEdited: true };
}
