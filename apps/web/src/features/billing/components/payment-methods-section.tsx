import Add from '@mui/icons-material/Add';
import CreditCard from '@mui/icons-material/CreditCard';
import MoreVert from '@mui/icons-material/MoreVert';
import { Button, Chip, IconButton, List, ListItem, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { BILLING_TEXTS, cardBrandLabels, type PaymentMethod, type PaymentProviderKind } from '@tessera/domain';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeletePaymentMethod } from '../api/delete-payment-method.ts';
import { usePaymentMethods } from '../api/list-payment-methods.ts';
import { useSetPrimaryPaymentMethod } from '../api/set-primary-payment-method.ts';
import { AddCardDialog } from './add-card-dialog.tsx';
import { cardExpiry } from './billing-format.ts';
import { BillingLoadError } from './billing-section-state.tsx';
import { EditCardDialog } from './edit-card-dialog.tsx';

const cardName = (card: Pick<PaymentMethod, 'brand' | 'last4'>) => `${cardBrandLabels[card.brand]} •••• ${card.last4}`;

interface CardActions {
  onPrimary: (card: PaymentMethod) => void;
  onEdit: (card: PaymentMethod) => void;
  onDelete: (card: PaymentMethod) => void;
}

function CardMenu({ card, actions }: { card: PaymentMethod; actions: CardActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: (c: PaymentMethod) => void) => () => {
    setAnchor(null);
    action(card);
  };
  return (
    <>
      <IconButton edge="end" aria-label={`Actions for ${cardName(card)}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {!card.primary && <MenuItem onClick={run(actions.onPrimary)}>Set as primary</MenuItem>}
        <MenuItem onClick={run(actions.onEdit)}>Edit</MenuItem>
        <MenuItem onClick={run(actions.onDelete)} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

interface PaymentMethodsSectionProps {
  tenantId: string;
  institutionId: string;
  provider: PaymentProviderKind;
  /** Stripe's publishable key (Pricing.publishableKey); null with the built-in provider. */
  publishableKey: string | null;
  /** The caller may add, edit, make primary and delete cards (the plan's canManage); otherwise the list only. */
  canManage: boolean;
}

/** The institution's cards: brand, last four, expiry, the primary one marked; add, edit, set primary, delete. */
export function PaymentMethodsSection({ tenantId, institutionId, provider, publishableKey, canManage }: PaymentMethodsSectionProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const cards = usePaymentMethods(tenantId, institutionId);
  const primary = useSetPrimaryPaymentMethod(tenantId, institutionId);
  const remove = useDeletePaymentMethod(tenantId, institutionId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PaymentMethod | null>(null);

  const actions: CardActions = {
    onPrimary: (card) =>
      primary.mutate(card._id, {
        onSuccess: () => enqueueSnackbar(BILLING_TEXTS.primarySet, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      }),
    onEdit: setEditing,
    onDelete: (card) =>
      confirm({
        title: 'Delete payment method',
        message: `Delete ${cardName(card)}? Invoices will no longer be charged to it.`,
        confirmLabel: 'Delete',
        destructive: true,
        // A refusal (the primary card while others remain) stays in the dialog with the server's message.
        onConfirm: () =>
          remove.mutateAsync(card._id).then(() => enqueueSnackbar(BILLING_TEXTS.paymentMethodDeleted, { variant: 'success' })),
      }),
  };

  const list = cards.data;
  return (
    <SectionCard
      title="Payment methods"
      action={
        canManage && (
          <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)} disabled={!list}>
            Add payment method
          </Button>
        )
      }
    >
      {cards.error ? (
        <BillingLoadError error={cards.error} onRetry={() => void cards.refetch()} />
      ) : !list ? (
        <SkeletonList rows={2} label="Loading payment methods" />
      ) : list.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No payment methods yet</Typography>
      ) : (
        <List disablePadding aria-label="Payment methods">
          {list.map((card) => (
            <ListItem
              key={card._id}
              divider
              secondaryAction={canManage ? <CardMenu card={card} actions={actions} /> : undefined}
              sx={canManage ? { pr: 7 } : undefined}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <CreditCard color="action" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {cardName(card)}
                    {card.primary && (
                      <Chip component="span" size="small" color="primary" label="Primary" sx={{ ml: 1, verticalAlign: 'middle' }} />
                    )}
                  </>
                }
                secondary={`Expires ${cardExpiry(card.expMonth, card.expYear)} · ${card.holderName}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <AddCardDialog
          tenantId={tenantId}
          institutionId={institutionId}
          provider={provider}
          publishableKey={publishableKey}
          first={list?.length === 0}
          onClose={() => setAdding(false)}
        />
      )}
      {editing && <EditCardDialog tenantId={tenantId} institutionId={institutionId} card={editing} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </SectionCard>
  );
}
