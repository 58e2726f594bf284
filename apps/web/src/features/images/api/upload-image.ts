import { image } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';

interface UploadImageInput {
  file: File;
  name?: string;
  type?: string;
  tags?: string[];
}

/** POST image: returns { _id, url }. */
export function uploadImage({ file, name, type, tags }: UploadImageInput) {
  const form = new FormData();
  if (name) form.set('name', name);
  if (type) form.set('type', type);
  if (tags?.length) form.set('tags', JSON.stringify(tags));
  form.set('file', file);
  return api.upload('/image', form, image);
}
