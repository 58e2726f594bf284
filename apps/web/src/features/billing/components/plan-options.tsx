import Check from '@mui/icons-material/Check';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  billingInterval,
  billingIntervalLabels,
  formatMoney,
  paidPlan,
  type BillingInterval,
  type BillingPlan,
  type BillingPlanState,
  type PaidPlan,
  type Pricing,
  type PricingPlan,
} from '@tessera/domain';
import { useId, useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';

const RANK: Record<BillingPlan, number> = { trial: 0, core: 1, pro: 2 };
const PER: Record<BillingInterval, string> = { month: '/ month', year: '/ year' };

/** What the plan's button says: nothing to do on the plan in use, 'Upgrade' up the ladder, 'Change plan' otherwise. */
function actionOf(state: BillingPlanState, plan: PaidPlan, interval: BillingInterval): 'current' | 'Upgrade' | 'Change plan' {
  const onIt = state.plan === plan && state.interval === interval && (state.status === 'active' || state.status === 'past-due');
  if (onIt) return 'current';
  return RANK[plan] > RANK[state.plan] ? 'Upgrade' : 'Change plan';
}

function PlanOption({
  plan,
  interval,
  currency,
  action,
  onChoose,
}: {
  plan: PricingPlan;
  interval: BillingInterval;
  currency: string;
  action: ReturnType<typeof actionOf>;
  /** Null when the caller may not change the plan: no button but on the plan in use. */
  onChoose: (() => void) | null;
}) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack spacing={1}>
          <Typography id={titleId} variant="h6" component="h3">
            {plan.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {plan.description}
          </Typography>
          <Typography variant="h5" component="p">
            {formatMoney(plan.prices[interval], currency)}{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {PER[interval]}
            </Typography>
          </Typography>
          <List dense disablePadding aria-label={`${plan.name} features`}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters sx={{ py: 0.25 }}>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <Check fontSize="small" color="success" />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {action === 'current' ? (
          <Button variant="outlined" disabled fullWidth>
            Current plan
          </Button>
        ) : (
          onChoose && (
            <Button variant={action === 'Upgrade' ? 'contained' : 'outlined'} fullWidth onClick={onChoose}>
              {action}
            </Button>
          )
        )}
      </CardActions>
    </Card>
  );
}

interface PlanOptionsProps {
  tenantId: string;
  institutionId: string;
  pricing: Pricing;
  state: BillingPlanState;
}

/** The paid plans (core, pro) with a monthly/yearly toggle; choosing one opens the proration preview before anything changes. */
export function PlanOptions({ tenantId, institutionId, pricing, state }: PlanOptionsProps) {
  const [interval, setInterval] = useState<BillingInterval>(state.interval);
  const [choice, setChoice] = useState<{ plan: PaidPlan; interval: BillingInterval; upgrade: boolean } | null>(null);
  const plans = pricing.plans.filter((p): p is PricingPlan & { plan: PaidPlan } => paidPlan.safeParse(p.plan).success);

  return (
    <SectionCard
      title="Plans"
      action={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={interval}
          aria-label="Billing interval"
          onChange={(_e, next: BillingInterval | null) => next && setInterval(next)}
        >
          {billingInterval.options.map((i) => (
            <ToggleButton key={i} value={i}>
              {billingIntervalLabels[i]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <Grid container spacing={2}>
        {plans.map((plan) => {
          const action = actionOf(state, plan.plan, interval);
          return (
            <Grid key={plan.plan} size={{ xs: 12, md: 6 }}>
              <PlanOption
                plan={plan}
                interval={interval}
                currency={pricing.currency}
                action={action}
                onChoose={state.canManage ? () => setChoice({ plan: plan.plan, interval, upgrade: action === 'Upgrade' }) : null}
              />
            </Grid>
          );
        })}
      </Grid>
      {choice && (
        <PlanChangeDialog
          tenantId={tenantId}
          institutionId={institutionId}
          plan={choice.plan}
          planName={plans.find((p) => p.plan === choice.plan)?.name ?? choice.plan}
          interval={choice.interval}
          upgrade={choice.upgrade}
          onClose={() => setChoice(null)}
        />
      )}
    </SectionCard>
  );
}
