import {
  diffChanges,
  nextOnboardingStage,
  onboardingStageLabels,
  onboardingStageRefusal,
  onboardingStageIndex,
  onboardingStatusRefusal,
  type InvestOnboarding,
  type OnboardingFormStage,
  type OnboardingStage,
  type OnboardingStageResult,
  type OnboardingStatus,
  type User,
} from '@tessera/domain';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { findApplicationStatus } from '../applications/index.ts';
import { recordEvent, userEvent } from '../timeline/index.ts';
import { toUser, updateUser } from './users.repository.ts';
import { loadTarget, subject } from './users.service.ts';

/** The later of two stages: re-saving an earlier stage never moves the investor back. */
const laterOf = (a: OnboardingStage, b: OnboardingStage) => (onboardingStageIndex(a) >= onboardingStageIndex(b) ? a : b);

/**
 * POST user/{id}/onboarding/{stage}: saves one stage's answers (already checked by the stage's schema), after checking
 * the stage is not later than the one to do next (no skipping). Profile also sets the user's names; Review completes
 * the questionnaire and opens the checklist. Answers the user and the next stage.
 */
export async function saveOnboardingStage(
  db: Db,
  auth: AuthContext,
  userId: string,
  stage: OnboardingFormStage,
  answers: NonNullable<InvestOnboarding[OnboardingFormStage]>,
): Promise<OnboardingStageResult> {
  const target = await loadTarget(db, auth, userId);
  const refusal = onboardingStageRefusal(target.investOnboardingStage, stage);
  if (refusal) throw new AppError('bad-request', refusal);
  const saved: InvestOnboarding = { ...target.investOnboarding, [stage]: answers };
  const nextStage = laterOf(target.investOnboardingStage ?? 'profile', nextOnboardingStage(saved));
  const values: Partial<UserRow> = { investOnboarding: saved, investOnboardingStage: nextStage };
  if (stage === 'profile' && 'firstname' in answers) {
    values.firstname = answers.firstname;
    values.lastname = answers.lastname;
  }
  if (nextStage === 'complete' && target.onboardingStatus === 'overview') values.onboardingStatus = 'checklist';
  const change = diffChanges(
    { [stage]: target.investOnboarding?.[stage] ?? null, ...pickColumns(target) },
    { [stage]: answers, ...pickColumns(values) },
  );
  if (Object.keys(change).length === 0) return { user: toUser(target), nextStage };
  const updated = await db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, values);
    await recordEvent(
      tx,
      userEvent(auth, 'user', target.id, {
        type: 'update',
        message: `${subject(auth, target).actor} saved ${subject(auth, target).whose} onboarding ${onboardingStageLabels[stage]} answers`,
        meta: { change },
      }),
    );
    return row;
  });
  return { user: toUser(updated), nextStage };
}

/** The user columns a stage save may change, for the timeline's old and new values. */
function pickColumns(source: Partial<UserRow>) {
  const keys = ['firstname', 'lastname', 'investOnboardingStage', 'onboardingStatus'] as const;
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

/**
 * PUT user/{id}/onboarding: moves the onboarding status on (001 §4). Demo needs the checklist's two steps approved:
 * identity verification, and the user's accreditation application in this tenant.
 */
export async function updateOnboardingStatus(
  deps: { db: Db; clock: Clock },
  auth: AuthContext,
  userId: string,
  to: OnboardingStatus,
): Promise<User> {
  const { db } = deps;
  const target = await loadTarget(db, auth, userId);
  // An expired approval counts as none (findApplicationStatus reads it at the app's clock).
  const accreditation = target.accreditationApplicationId
    ? ((await findApplicationStatus(db, auth.tenantId, target.accreditationApplicationId, deps.clock.now())) ?? null)
    : null;
  const refusal = onboardingStatusRefusal(target.onboardingStatus, to, { identity: target.identityVerificationStatus, accreditation });
  if (refusal) throw new AppError('bad-request', refusal);
  if (target.onboardingStatus === to) return toUser(target);
  const updated = await db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { onboardingStatus: to });
    await recordEvent(
      tx,
      userEvent(auth, 'user', target.id, {
        type: 'status',
        message: `${subject(auth, target).actor} moved ${subject(auth, target).whose} onboarding to ${to}`,
        meta: { change: { onboardingStatus: { old: target.onboardingStatus, new: to } } },
      }),
    );
    return row;
  });
  return toUser(updated);
}
