import { marketplaceOfferPath, type MarketplaceOfferCard } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { buildEvent } from '../../../lib/analytics.ts';
import { queueEvent } from '../../../lib/analytics-queue.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useMarketplaceAnalyticsContext } from './use-marketplace-analytics.ts';

export const offerPagePath = (offer: Pick<MarketplaceOfferCard, 'slug'>) => marketplaceOfferPath(offer.slug);

/**
 * 'Invest Now' on a card or an offer's page: a signed-out visitor signs in first, and the sign-in page opens the offer's
 * primary call to action afterwards (`?offer=<id>&cta=primary`, see open-offer-cta.ts); a signed-in investor goes to
 * their investment workflow for the offer, the open one or a new one (issue #20). Records a `cta` event either way.
 * `pendingOffer` is the offer whose workflow is being opened, for the button's loading state.
 */
export function useInvestNow() {
  const navigate = useNavigate();
  const { authenticated, tenantId } = useSession();
  const context = useMarketplaceAnalyticsContext();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [pendingOffer, setPendingOffer] = useState<string | null>(null);

  const investNow = useCallback(
    (offer: Pick<MarketplaceOfferCard, '_id'>) => {
      queueEvent(buildEvent('cta', context, { offer: offer._id, meta: { cta: 'invest-now' } }));
      if (!authenticated) {
        void navigate(`/signin?${new URLSearchParams({ offer: offer._id, cta: 'primary' }).toString()}`);
        return;
      }
      setPendingOffer(offer._id);
      // The workflows feature is loaded on the click: it reads offers through this feature, so a static import would
      // tie the two in a circle, and the offer pages stay inside their budget (scripts/check-budget.mjs).
      import('../../workflows/index.ts')
        .then(async (workflows) => {
          try {
            const { id, created } = await workflows.openInvestmentWorkflow(tenantId ?? '', offer._id, queryClient);
            if (created) enqueueSnackbar(workflows.WORKFLOW_CREATED_TOAST, { variant: 'success' });
            void navigate(workflows.workflowScreenPath(id));
          } catch (error) {
            enqueueSnackbar(workflows.investmentFailureText(error), { variant: 'error' });
          }
        })
        .catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }))
        .finally(() => setPendingOffer(null));
    },
    [authenticated, context, navigate, queryClient, tenantId, enqueueSnackbar],
  );
  return { investNow, pendingOffer };
}
