import { institution, type institutionVideosBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useInstitutionMutation } from './institution-mutation.ts';
import { institutionPath } from './list-institutions.ts';

type VideosBody = z.input<typeof institutionVideosBody>;

/** PUT …/videos: the whole list, in order. */
export function updateInstitutionVideos(tenantId: string, id: string, body: VideosBody) {
  return api.put(`${institutionPath(tenantId, id)}/videos`, body, institution);
}

export function useUpdateInstitutionVideos(tenantId: string, id: string) {
  return useInstitutionMutation(tenantId, id, (body: VideosBody) => updateInstitutionVideos(tenantId, id, body));
}
