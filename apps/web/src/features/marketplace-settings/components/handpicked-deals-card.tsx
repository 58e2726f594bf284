import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Alert, Avatar, Box, Button, IconButton, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { HANDPICKED_OFFERS_MAX, type MarketplaceOfferCard, type MarketplaceSettingsView } from '@tessera/domain';
import { SectionCard } from '../../../components/section-card.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useDraft } from '../../../hooks/use-draft.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateMarketplaceSettings } from '../api/update-marketplace-settings.ts';
import { HandpickedDealsPicker } from './handpicked-deals-picker.tsx';

const move = <T,>(items: T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * The handpicked deals of the marketplace's showcase carousel (001 §2): pick up to 12 listed offers, order them
 * and save. A local draft of the server copy (002 §4): Save is enabled only when it differs, and leaving with
 * unsaved changes asks first.
 */
export function HandpickedDealsCard({ tenantId, settings }: { tenantId: string; settings: MarketplaceSettingsView }) {
  const draft = useDraft<MarketplaceOfferCard[]>(settings.handpickedOffers);
  const update = useUpdateMarketplaceSettings(tenantId);
  const { enqueueSnackbar } = useSnackbar();
  const guard = useUnsavedChangesGuard(draft.dirty && !update.isPending);
  const offers = draft.value;
  const dropped = settings.handpickedOfferIds.length - settings.handpickedOffers.length;

  const save = () =>
    update.mutate(
      { handpickedOfferIds: offers.map((o) => o._id) },
      {
        onSuccess: () => {
          // The answer is the new server copy (cached by the mutation): the draft follows it again.
          draft.reset();
          enqueueSnackbar('Marketplace settings updated', { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <SectionCard
      title="Handpicked Deals"
      action={<Typography variant="body2" sx={{ color: 'text.secondary' }}>{`${offers.length} of ${HANDPICKED_OFFERS_MAX}`}</Typography>}
    >
      {guard}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Shown in this order in the carousel at the top of the marketplace. Only listed offers can be picked.
      </Typography>
      {dropped > 0 && (
        <Alert severity="info">
          {`${dropped} handpicked ${dropped === 1 ? 'offer is' : 'offers are'} no longer listed and will be dropped on the next save.`}
        </Alert>
      )}
      <HandpickedDealsPicker tenantId={tenantId} picked={offers} onPick={(offer) => draft.update((current) => [...current, offer])} />
      {offers.length === 0 ? (
        <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
          <Typography>No handpicked deals yet</Typography>
          <Typography variant="body2">The carousel stays hidden until you pick at least one offer.</Typography>
        </Box>
      ) : (
        <List aria-label="Handpicked deals" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {offers.map((offer, index) => (
            <ListItem key={offer._id} divider={index < offers.length - 1} sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, pr: 1 }}>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar variant="rounded" src={offer.bannerUrl ?? undefined} alt="">
                  {index + 1}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={`${index + 1}. ${offer.name}`}
                secondary={offer.institution.name}
                sx={{ minWidth: 0, flex: '1 1 160px', '& .MuiListItemText-primary': { overflowWrap: 'anywhere' } }}
              />
              <Stack direction="row" sx={{ flexShrink: 0, ml: 'auto' }}>
                <IconButton
                  aria-label={`Move ${offer.name} up`}
                  disabled={index === 0}
                  onClick={() => draft.update((c) => move(c, index, index - 1))}
                >
                  <ArrowUpward />
                </IconButton>
                <IconButton
                  aria-label={`Move ${offer.name} down`}
                  disabled={index === offers.length - 1}
                  onClick={() => draft.update((c) => move(c, index, index + 1))}
                >
                  <ArrowDownward />
                </IconButton>
                <IconButton aria-label={`Remove ${offer.name}`} onClick={() => draft.update((c) => c.filter((o) => o._id !== offer._id))}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={draft.reset} disabled={!draft.dirty || update.isPending}>
          Discard
        </Button>
        <Button variant="contained" onClick={save} disabled={!draft.dirty || update.isPending}>
          Save
        </Button>
      </Stack>
    </SectionCard>
  );
}
