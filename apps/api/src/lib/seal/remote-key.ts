import { createHash, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { OID, type CmsKey } from './cms.ts';
import type { SealKeySource } from './document-sealer.ts';

export interface RemoteSealConfig {
  /** The signing service's base URL (https). */
  url: string;
  /** Its bearer token. */
  token: string;
}

const TIMEOUT_MS = 15_000;

const credentialInfo = z.object({ cert: z.object({ certificates: z.array(z.string().min(1)).min(1) }) });
const signedHashes = z.object({ signatures: z.array(z.string().min(1)).length(1) });

/**
 * A remote signing service that keeps each tenant's seal key (an HSM, a cloud KMS or a qualified trust service), spoken
 * to as the Cloud Signature Consortium API v2 does: `credentials/info` gives the certificate chain of the credential
 * and `signatures/signHash` signs a SHA-256 hash with it. The key never leaves the service: only the hash of the
 * signed attributes is sent. The credential of a tenant is named by the tenant's id.
 */
export function remoteSealKeys(config: RemoteSealConfig, fetchFn: typeof fetch = fetch): SealKeySource {
  const base = config.url.replace(/\/+$/, '');

  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('unavailable', 'The signing service could not be reached', { cause: error });
    }
    if (!response.ok) throw new AppError('unavailable', `The signing service answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new AppError('unavailable', 'The signing service gave an answer this app does not understand');
    return parsed.data;
  }

  return async ({ tenantId }) => {
    const info = await call('/credentials/info', { credentialID: tenantId, certificates: 'chain' }, credentialInfo);
    const certificates = info.cert.certificates.map((c) => Buffer.from(c, 'base64'));
    const isEc = new X509Certificate(certificates[0]!).publicKey.asymmetricKeyType === 'ec';
    const key: CmsKey = {
      certificates,
      async sign(data) {
        const hash = createHash('sha256').update(data).digest('base64');
        const answer = await call(
          '/signatures/signHash',
          {
            credentialID: tenantId,
            hashes: [hash],
            hashAlgorithmOID: OID.sha256,
            signAlgo: isEc ? OID.ecdsaWithSha256 : OID.sha256WithRsa,
          },
          signedHashes,
        );
        return Buffer.from(answer.signatures[0]!, 'base64');
      },
    };
    return key;
  };
}
