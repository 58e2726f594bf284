// The public face of the images module, owner of the `images` table.
export { deleteTenantImagesUnscoped } from './images.repository.ts';
export { signImageUrlsInAnswers } from './signed-image-urls.ts';
export { prepareImageCopies, type WantedCopies } from './images.service.ts';
