import { createPrivateKey, generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';
import type { FieldCipher } from '../crypto.ts';
import type { CmsKey } from './cms.ts';
import type { SealKeySource, SealOptions } from './document-sealer.ts';

const generateRsa = promisify(generateKeyPair);

/** The app_secrets row of a tenant's seal: its key and certificate, encrypted with the field cipher. */
export const sealSecretName = (tenantId: string) => `seal:${tenantId}`;

/** How long a generated seal certificate is valid. */
const CERTIFICATE_YEARS = 10;

interface StoredSeal {
  key: string;
  certificate: string;
}

/**
 * A self-signed X.509 certificate for a tenant's seal: CN the tenant's name, O Tessera, RSA 2048, for digital
 * signatures and non-repudiation (content commitment). The key pair is made by node's crypto (native, off the event
 * loop); node-forge writes the certificate.
 */
export async function generateSealCertificate(tenantName: string, now: Date): Promise<StoredSeal> {
  const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: 16 random bytes with the top bit cleared.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + CERTIFICATE_YEARS);
  const name = [
    { shortName: 'CN', value: tenantName.slice(0, 64) },
    { shortName: 'O', value: 'Tessera' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { key: keyPem, certificate: forge.pki.certificateToPem(cert) };
}

const certificateDer = (pem: string) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pem))).getBytes(), 'binary');

function toCmsKey(stored: StoredSeal): CmsKey {
  const key: KeyObject = createPrivateKey(stored.key);
  const certificate = certificateDer(stored.certificate);
  return { certificates: [certificate], sign: async (data) => sign('sha256', data, key) };
}

/**
 * The local seal: each tenant's key and certificate are made on first use and kept in app_secrets (`seal:{tenantId}`),
 * encrypted with the field cipher, so every node seals with the same certificate. Two nodes making one at once both
 * insert; the first row wins and both read it back. Each node keeps the keys it has read in memory.
 */
export function localSealKeys(deps: { db: Db; cipher: FieldCipher }): SealKeySource {
  const cache = new Map<string, Promise<CmsKey>>();
  const load = async (options: SealOptions): Promise<CmsKey> => {
    const name = sealSecretName(options.tenantId);
    const read = async () => (await deps.db.select().from(appSecrets).where(eq(appSecrets.key, name)))[0];
    let row = await read();
    if (!row) {
      const made = await generateSealCertificate(options.signerName, options.signedAt);
      await deps.db
        .insert(appSecrets)
        .values({ key: name, value: deps.cipher.encrypt(JSON.stringify(made)) })
        .onConflictDoNothing();
      row = await read();
      if (!row) throw new Error('the seal certificate could not be stored');
    }
    return toCmsKey(JSON.parse(deps.cipher.decrypt(row.value)) as StoredSeal);
  };
  return (options) => {
    let found = cache.get(options.tenantId);
    if (!found) {
      found = load(options);
      // A failure is not remembered: the next seal tries again.
      found.catch(() => cache.delete(options.tenantId));
      cache.set(options.tenantId, found);
    }
    return found;
  };
}
