import { newObjectId } from '@tessera/domain';

export const newId = (): string => newObjectId();
