import { z } from 'zod';
import { verificationMethod } from './accreditation-flow.ts';
import { applicationStatus } from './enums.ts';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';

/**
 * GET tenant/{t}/leads/{id}/accreditation-application: what the institution's team may know of a lead's accreditation
 * (002 §7): the newest application's status, how it was verified and until when it holds; nothing of the answers or
 * the evidence, which stay the investor's.
 */
export const leadAccreditation = z
  .object({
    _id: objectId.describe("The application's id"),
    status: applicationStatus,
    verificationMethod: verificationMethod.nullable().describe('How the accreditation was verified, once reviewed'),
    reviewedAt: timestamp.nullable(),
    expiresAt: timestamp.nullable().describe('When an approval stops counting (null unless approved)'),
    expired: z.boolean().describe('Whether an approval has expired'),
    updatedAt: timestamp,
  })
  .meta({
    id: 'LeadAccreditation',
    description: "The status of a lead's newest accreditation application, how it was verified and when an approval expires.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e615',
        status: 'approved',
        verificationMethod: 'income',
        reviewedAt: '2026-10-01T12:00:00.000Z',
        expiresAt: '2026-12-30T12:00:00.000Z',
        expired: false,
        updatedAt: '2026-10-01T12:00:00.000Z',
      },
    ],
  });
export type LeadAccreditation = z.infer<typeof leadAccreditation>;
