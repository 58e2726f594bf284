import { createHash, verify, X509Certificate } from 'node:crypto';
import { issuerAndSerial, OID } from './cms.ts';
import { children, readElement, readOid } from './der.ts';

export interface SealCheck {
  /** The signature covers the whole file, its message digest matches and the signer's key signed it. */
  valid: boolean;
  /** Why not, when not. */
  problem: string | null;
  signer: X509Certificate | null;
}

const fail = (problem: string, signer: X509Certificate | null = null): SealCheck => ({ valid: false, problem, signer });

/**
 * Checks the last signature of a PDF: its ByteRange covers the whole file but the signature itself, the CMS
 * message-digest attribute is the SHA-256 of those bytes, and the signed attributes verify with the public key of the
 * certificate named by the signer info. Says nothing about whether the certificate is trusted: the caller compares it.
 */
export function checkPdfSeal(pdf: Buffer): SealCheck {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) return fail('no signature');
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || c <= b) return fail('the signature does not cover the whole file');
  const hex = pdf.subarray(b, c).toString('latin1');
  if (!/^<[0-9a-fA-F]+>$/.test(hex)) return fail('the signature is not where the ByteRange says');
  try {
    const cms = readElement(Buffer.from(hex.slice(1, -1), 'hex'));
    const [type, wrapped] = children(cms.content);
    if (readOid(type!) !== OID.signedData) return fail('not a CMS SignedData');
    const signedData = children(children(wrapped!.content)[0]!.content);
    const certificates = children(signedData.find((e) => e.tag === 0xa0)!.content).map((e) => Buffer.from(e.raw));
    const signerInfo = children(signedData.at(-1)!.content)[0]!;
    const [, sid, , signedAttrs, , signature] = children(signerInfo.content);
    const signerCert = certificates.find((cert) => {
      const { issuer, serial } = issuerAndSerial(cert);
      return sid!.content.equals(Buffer.concat([issuer, serial]));
    });
    if (!signerCert) return fail('the signer certificate is missing');
    const signer = new X509Certificate(signerCert);
    const digestAttr = children(signedAttrs!.content).find((attr) => readOid(children(attr.content)[0]!) === OID.messageDigest);
    if (!digestAttr) return fail('no message digest', signer);
    const digest = children(children(digestAttr.content)[1]!.content)[0]!.content;
    const covered = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    if (!createHash('sha256').update(covered).digest().equals(digest)) return fail('the file was changed after it was sealed', signer);
    // The signature is over the attributes encoded as a SET OF, not as the [0] they are stored under.
    const signedSet = Buffer.concat([Buffer.from([0x31]), signedAttrs!.raw.subarray(1)]);
    if (!verify('sha256', signedSet, signer.publicKey, signature!.content)) return fail('the signature does not match', signer);
    return { valid: true, problem: null, signer };
  } catch {
    return fail('the signature cannot be read');
  }
}
