import {
  dataOf,
  onboardingStageBodies,
  onboardingStageLabels,
  onboardingStageResult,
  onboardingStatusBody,
  user,
  type OnboardingFormStage,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { saveOnboardingStage, updateOnboardingStatus } from './onboarding.service.ts';

const tags = ['User'];
const params = idParams('user');
const accessNote = 'Only the user themself, or a platform admin for any member of this tenant; anyone else gets 404.';

const STAGE_TEXT: Record<OnboardingFormStage, string> = {
  profile: "Names, country of residence and the US-resident answer; also sets the user's first and last name.",
  about: 'Financial goals (at least one), risk tolerance, liquidity needs and investment horizon.',
  background:
    'Experience level, the accreditation attestation, the kinds of offers of interest (at least one) and whether the user invests now.',
  review: 'An optional rating and comment; completes the questionnaire and opens the onboarding checklist (onboarding status `checklist`).',
};

/** The investor onboarding questionnaire (001 §2, §7) and the onboarding status (000 §7). */
export async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const stage of Object.keys(STAGE_TEXT) as OnboardingFormStage[]) {
    const label = onboardingStageLabels[stage];
    r.post(
      `/user/:id/onboarding/${stage}`,
      {
        schema: {
          tags,
          operationId: `saveOnboarding${label}`,
          summary: `Save the onboarding ${label} stage`,
          description: `${STAGE_TEXT[stage]} The stages run Profile, About, Background, Review: a stage later than the user's next one is refused (400 naming the stage to complete first); earlier ones may be saved again. Answers the user and the stage to show next.`,
          params,
          body: onboardingStageBodies[stage],
          response: { 200: dataOf(onboardingStageResult).describe('The user and the next stage'), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'signed-in', accessNote },
      },
      async (request) => ({
        data: await saveOnboardingStage(app.db, requireAuth(request), request.params.id, stage, request.body),
      }),
    );
  }

  r.put(
    '/user/:id/onboarding',
    {
      schema: {
        tags,
        operationId: 'updateOnboardingStatus',
        summary: 'Update the onboarding status',
        description:
          'Moves the onboarding on: to `checklist` or `complete` at any time; to `demo` only from `checklist` and once identity verification and the accreditation application are both approved (400 saying which is missing); never back to `overview`.',
        params,
        body: onboardingStatusBody,
        response: { 200: dataOf(user).describe('The user'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in', accessNote },
    },
    async (request) => ({
      data: await updateOnboardingStatus(
        { db: app.db, clock: app.clock },
        requireAuth(request),
        request.params.id,
        request.body.onboardingStatus,
      ),
    }),
  );
}
