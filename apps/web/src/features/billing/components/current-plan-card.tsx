import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import {
  billingIntervalLabels,
  billingPlanLabels,
  formatMoney,
  planLimitKey,
  planLimitLabels,
  type BillingPlanState,
  type PlanLimitKey,
} from '@tessera/domain';
import { useId } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SubscriptionStatusChip } from './billing-chips.tsx';

/** 'Offers 2 of 3', or 'Offers 2 (unlimited)'. */
export function usageText(key: PlanLimitKey, used: number, limit: number | null): string {
  return limit === null ? `${planLimitLabels[key]} ${used} (unlimited)` : `${planLimitLabels[key]} ${used} of ${limit}`;
}

function UsageBar({ name, used, limit }: { name: PlanLimitKey; used: number; limit: number | null }) {
  const id = useId();
  const full = limit !== null && used >= limit;
  const value = limit === null ? 0 : limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  return (
    <Stack spacing={0.5}>
      <Typography id={id} variant="body2">
        {usageText(name, used, limit)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        color={full ? 'warning' : 'primary'}
        aria-labelledby={id}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}

/** When the trial or the current period ends, as a sentence. */
function periodLine(state: BillingPlanState): string | null {
  if (state.status === 'trialing' && state.trialEndsAt) return `Trial ends ${formatDate(state.trialEndsAt)}`;
  if (state.status === 'trial-ended' && state.trialEndsAt) return `Trial ended ${formatDate(state.trialEndsAt)}`;
  if (state.status === 'canceled' && state.currentPeriodEnd) return `Ends ${formatDate(state.currentPeriodEnd)}`;
  if (state.currentPeriodEnd) return `Current period ends ${formatDate(state.currentPeriodEnd)}`;
  return null;
}

/** The institution's plan now: plan and interval, status, trial or period end, usage against the limits, credit. */
export function CurrentPlanCard({ state, currency }: { state: BillingPlanState; currency: string }) {
  const period = periodLine(state);
  const title =
    state.plan === 'trial' ? billingPlanLabels.trial : `${billingPlanLabels[state.plan]} · ${billingIntervalLabels[state.interval]}`;
  return (
    <SectionCard title="Current plan" action={<SubscriptionStatusChip status={state.status} />}>
      <Box>
        <Typography variant="h5" component="p">
          {title}
        </Typography>
        {period && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {period}
          </Typography>
        )}
      </Box>
      <Stack spacing={1.5} sx={{ maxWidth: 480 }}>
        {planLimitKey.options.map((key) => (
          <UsageBar key={key} name={key} used={state.usage[key]} limit={state.limits[key]} />
        ))}
      </Stack>
      <Typography variant="body2">
        Credit balance: <strong>{formatMoney(state.creditBalance, currency)}</strong>
      </Typography>
    </SectionCard>
  );
}
