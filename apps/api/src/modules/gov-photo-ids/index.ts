// The public face of the gov-photo-ids module, owner of the `gov_photo_ids` table.
export { deleteTenantGovPhotoIdsUnscoped, detachGovPhotoIds } from './gov-photo-ids.repository.ts';
