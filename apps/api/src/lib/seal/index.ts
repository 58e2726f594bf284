import type { Db } from '../../db/client.ts';
import type { FieldCipher } from '../crypto.ts';
import { createDocumentSealer, type DocumentSealer } from './document-sealer.ts';
import { localSealKeys } from './local-key.ts';
import { remoteSealKeys, type RemoteSealConfig } from './remote-key.ts';

export type { DocumentSealer, SealOptions } from './document-sealer.ts';
export { checkPdfSeal, type SealCheck } from './verify-seal.ts';

export type SealConfig = { provider: 'local' } | ({ provider: 'remote' } & RemoteSealConfig);

/** The sealer the configuration picks: the local per-tenant certificate (the default) or a remote signing service. */
export function createSealer(config: SealConfig, deps: { db: Db; cipher: FieldCipher }): DocumentSealer {
  return config.provider === 'remote'
    ? createDocumentSealer('remote', remoteSealKeys(config))
    : createDocumentSealer('local', localSealKeys(deps));
}
