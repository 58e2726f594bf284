import { createHash, X509Certificate } from 'node:crypto';
import { algorithm, children, contextTag, integer, octetString, oid, readElement, sequence, setOf, tlv } from './der.ts';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/**
 * Who signs: the signer's certificate (DER, first) with any chain after it, and a function that signs the DER of the
 * signed attributes (SHA-256 with the certificate's key). A local key signs the bytes; a remote service is sent
 * their hash.
 */
export interface CmsKey {
  certificates: Buffer[];
  sign(signedAttributes: Buffer): Promise<Buffer>;
}

/** The issuer and serial number of a certificate, as raw DER elements. */
export function issuerAndSerial(certificate: Buffer): { issuer: Buffer; serial: Buffer } {
  const [tbs] = children(readElement(certificate).content);
  const fields = children(tbs!.content);
  // A v1 certificate has no [0] version before the serial number.
  const at = fields[0]!.tag === 0xa0 ? 1 : 0;
  return { serial: fields[at]!.raw, issuer: fields[at + 2]!.raw };
}

/**
 * A CAdES detached signature (ETSI EN 319 122-1 baseline B, as PAdES wants it) over `content`: CMS SignedData with
 * the content-type, message-digest and ESS signing-certificate-v2 signed attributes; no signing-time attribute, since
 * PAdES puts the claimed time in the signature dictionary (/M).
 */
export async function cadesDetached(content: Buffer, key: CmsKey): Promise<Buffer> {
  const certificate = key.certificates[0];
  if (!certificate) throw new Error('the seal has no certificate');
  const { issuer, serial } = issuerAndSerial(certificate);
  const digest = createHash('sha256').update(content).digest();
  const certHash = createHash('sha256').update(certificate).digest();
  // ESSCertIDv2 { certHash, issuerSerial { issuer GeneralNames [4] directoryName, serialNumber } }; SHA-256 is the default hash.
  const essCertId = sequence(octetString(certHash), sequence(sequence(contextTag(4, issuer)), serial));
  const attributes = [
    sequence(oid(OID.contentType), setOf(oid(OID.data))),
    sequence(oid(OID.messageDigest), setOf(octetString(digest))),
    sequence(oid(OID.signingCertificateV2), setOf(sequence(sequence(essCertId)))),
  ];
  // Signed as a SET OF; stored as [0] IMPLICIT with the same content.
  const signedSet = setOf(...attributes);
  const signature = await key.sign(signedSet);
  const isEc = new X509Certificate(certificate).publicKey.asymmetricKeyType === 'ec';
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    algorithm(OID.sha256),
    tlv(0xa0, readElement(signedSet).content),
    isEc ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.sha256WithRsa),
    octetString(signature),
  );
  const signedData = sequence(
    integer(1),
    setOf(algorithm(OID.sha256)),
    sequence(oid(OID.data)),
    tlv(0xa0, Buffer.concat(key.certificates)),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), contextTag(0, signedData));
}
