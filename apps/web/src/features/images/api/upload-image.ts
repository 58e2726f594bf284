import { image } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface UploadImageInput {
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

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
