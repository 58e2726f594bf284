/**
 * Several API nodes (#25): a built-in identity inquiry is verified by one node at a time. The node that took the
 * submission holds a lease on it while its verifier runs, and another node starting meanwhile leaves it alone; once
 * the lease has run out without a verdict (its node stopped), the next node's sweep verifies it, and two nodes
 * sweeping at once verify each such inquiry once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityInquiries, timelineEvents } from '../../db/schema/index.ts';
import type { IdentityDecision, VerifyDocumentInput } from '../../lib/identity/identity-provider.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signUp, type SignedUp } from '../../../test/factories.ts';
import { openInquiry, sender, TYPED, uploadPicture, waitForVerdict } from './identity-verification.test-helpers.ts';

/**
 * A node's verifier: records the inquiries' typed names it was asked about (and how many it has answered), and
 * answers once `open` (else waits for `release`).
 */
function nodeVerifier(open: boolean) {
  const asked: string[] = [];
  const counts = { answered: 0 };
  let release!: () => void;
  const released = open ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve));
  const verify = async (input: VerifyDocumentInput): Promise<IdentityDecision> => {
    asked.push(input.typed.lastName ?? '');
    await released;
    counts.answered += 1;
    // Its own verdict, not the shared fake's (another file in this worker may have set that one to reject).
    return {
      outcome: 'approved',
      checks: [{ name: 'document-readable', status: 'passed', detail: 'The document was read.' }],
      document: { ...input.typed, documentType: input.documentType },
    };
  };
  return { asked, counts, verify, release: () => release?.() };
}

let a: TestApp;
const onA = nodeVerifier(false);
const others: TestApp[] = [];
beforeAll(async () => {
  a = await buildTestApp({}, { verifyIdentityDocument: onA.verify });
});
afterAll(async () => {
  onA.release();
  for (const node of others) await node.close();
  await a?.close();
});

/** Another node on A's database and file storage, started now (its start-up sweep has run when it resolves). */
async function node(verify: ReturnType<typeof nodeVerifier>): Promise<TestApp> {
  const started = await buildTestApp({}, { sameDatabaseAs: a, storage: a.storage, verifyIdentityDocument: verify.verify });
  others.push(started);
  return started;
}

/** Submits a built-in inquiry on node A (whose verifier holds it), typed with `lastName`. */
async function submitOnA(lastName: string): Promise<{ who: SignedUp; inquiryId: string }> {
  const who = await signUp(a.app, 'acme');
  const send = sender(() => a.app);
  const { inquiry } = await openInquiry(a.app, who);
  expect(
    (await send(who, 'PUT', `user/${who.user._id}/onboarding/identity`, { inquiryId: inquiry._id, ...TYPED, lastName })).statusCode,
  ).toBe(200);
  expect((await uploadPicture(a.app, who, inquiry._id, 'front')).statusCode).toBe(200);
  const submitted = await send(who, 'POST', `user/${who.user._id}/onboarding/identity/submit`, { inquiryId: inquiry._id });
  expect(submitted.statusCode, submitted.body).toBe(202);
  return { who, inquiryId: inquiry._id };
}

const leaseOf = async (inquiryId: string) =>
  (await a.app.db.select().from(identityInquiries).where(eq(identityInquiries.id, inquiryId)))[0]!.verificationLeaseUntil;

/** As if node A had stopped a while ago: the leases it held ran out. */
const expireLeases = (ids: string[]) =>
  a.app.db
    .update(identityInquiries)
    .set({ verificationLeaseUntil: new Date(Date.now() - 1000) })
    .where(inArray(identityInquiries.id, ids));

const inquiryEvents = (inquiryId: string) =>
  a.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entityType, 'identity-inquiry'), eq(timelineEvents.entity, inquiryId)));

describe('identity verification on several nodes', () => {
  it("leaves an inquiry another node is verifying alone, and verifies it once that node's lease has run out", async () => {
    const { who, inquiryId } = await submitOnA('Held');
    await expect.poll(() => onA.asked).toContain('Held');
    const lease = await leaseOf(inquiryId);
    expect(lease!.getTime()).toBeGreaterThan(Date.now());

    // Node B starts while A verifies: its sweep takes nothing.
    const onB = nodeVerifier(true);
    await node(onB);
    expect(await leaseOf(inquiryId)).toEqual(lease);
    expect(onB.asked).toEqual([]);

    // A stops (its lease runs out): the next node to start takes the inquiry up and decides it.
    await expireLeases([inquiryId]);
    const onC = nodeVerifier(true);
    const c = await node(onC);
    const decided = await waitForVerdict(c.app, who, inquiryId);
    expect(decided).toMatchObject({ status: 'approved', outcome: 'approved' });
    expect(onC.asked).toEqual(['Held']);
    expect(onB.asked).toEqual([]);
  });

  it('verifies each inquiry a stopped node left once, with two nodes sweeping at once', async () => {
    const left = await Promise.all(['Left-1', 'Left-2', 'Left-3'].map((name) => submitOnA(name)));
    await expect.poll(() => onA.asked.filter((name) => name.startsWith('Left-')).length).toBe(3);
    await expireLeases(left.map((l) => l.inquiryId));

    const onD = nodeVerifier(true);
    const onE = nodeVerifier(true);
    const [d] = await Promise.all([node(onD), node(onE)]);
    for (const { who, inquiryId } of left) expect((await waitForVerdict(d!.app, who, inquiryId)).outcome).toBe('approved');
    expect([...onD.asked, ...onE.asked].sort()).toEqual(['Left-1', 'Left-2', 'Left-3']);

    // Node A's verifier answers at last: the inquiries have their verdict, and A's changes nothing.
    onA.release();
    await expect.poll(() => onA.counts.answered).toBe(4);
    // Its job then re-reads each inquiry under a lock and finds the verdict: a moment for that before looking (were
    // it still running, it could only hide a second verdict from this check, never fail it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const { inquiryId } of left) {
      const decisions = (await inquiryEvents(inquiryId)).filter((e) => e.meta.change?.outcome);
      expect(decisions.map((e) => e.meta.change!.outcome)).toEqual([{ old: null, new: 'approved' }]);
    }
  });
});
