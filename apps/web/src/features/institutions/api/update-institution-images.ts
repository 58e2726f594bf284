import { institution, type institutionImagesBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useInstitutionMutation } from './institution-mutation.ts';
import { institutionPath } from './list-institutions.ts';

type ImagesBody = z.input<typeof institutionImagesBody>;

/** PUT …/images: the whole list, in order. */
export function updateInstitutionImages(tenantId: string, id: string, body: ImagesBody) {
  return api.put(`${institutionPath(tenantId, id)}/images`, body, institution);
}

export function useUpdateInstitutionImages(tenantId: string, id: string) {
  return useInstitutionMutation(tenantId, id, (body: ImagesBody) => updateInstitutionImages(tenantId, id, body));
}
