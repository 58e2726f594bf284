import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { visibilityStatusLabels, type ApprovalStatus, type Offer } from '@tessera/domain';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateOfferApproval } from '../api/update-offer-approval.ts';
import { useUpdateOfferMarketplaceConfig } from '../api/update-offer-marketplace-config.ts';
import { useUpdateOfferPublishing } from '../api/update-offer-publishing.ts';
import { ApprovalChip, ListingStatusBadge } from './offer-status-chips.tsx';
import { offerErrorMessage, offerErrorText } from './offer-toast.ts';

interface OfferLifecycleBarProps {
  tenantId: string;
  offer: Offer;
  /** Owners see approval and visibility (002 §6). */
  canApprove: boolean;
}

/** Which lifecycle buttons are disabled (002 §4). */
function lifecycleDisabled(offer: Pick<Offer, 'approvalStatus' | 'published' | 'marketplaceConfig'>) {
  return {
    approve: offer.approvalStatus === 'approved',
    unapprove: offer.approvalStatus === 'pending',
    reject: offer.approvalStatus === 'rejected',
    publish: offer.published,
    unpublish: !offer.published,
    hide: offer.marketplaceConfig.visibilityStatus !== 'visible',
    show: offer.marketplaceConfig.visibilityStatus === 'visible',
  };
}

/** The offer's lifecycle (002 §4): approval (owners), publishing, marketplace visibility (owners) and the listing status. */
export function OfferLifecycleBar({ tenantId, offer, canApprove }: OfferLifecycleBarProps) {
  const { enqueueSnackbar } = useSnackbar();
  const approval = useUpdateOfferApproval(tenantId, offer._id);
  const publishing = useUpdateOfferPublishing(tenantId, offer._id);
  const visibility = useUpdateOfferMarketplaceConfig(tenantId, offer._id);
  /** The server's refusal to publish names what is missing; it stays on screen until the next try. */
  const [publishError, setPublishError] = useState<string | null>(null);
  const disabled = lifecycleDisabled(offer);
  const busy = approval.isPending || publishing.isPending || visibility.isPending;
  const failed = (error: unknown) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' });

  const setApproval = (approvalStatus: ApprovalStatus) =>
    approval.mutate({ approvalStatus }, { onSuccess: () => enqueueSnackbar('approval updated', { variant: 'success' }), onError: failed });
  const setPublished = (published: boolean) => {
    setPublishError(null);
    publishing.mutate(
      { published },
      {
        onSuccess: () => enqueueSnackbar('publishing updated', { variant: 'success' }),
        onError: (error) => {
          if (published) setPublishError(offerErrorMessage(error, 'Error updating offer'));
          failed(error);
        },
      },
    );
  };
  const setVisible = (visible: boolean) =>
    visibility.mutate(
      { visibilityStatus: visible ? 'visible' : 'hidden' },
      { onSuccess: () => enqueueSnackbar('marketplace config updated', { variant: 'success' }), onError: failed },
    );

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Approval
          </Typography>
          <ApprovalChip status={offer.approvalStatus} />
          <Chip
            size="small"
            variant="outlined"
            label={offer.published ? 'Published' : 'Not published'}
            color={offer.published ? 'primary' : 'default'}
          />
          <Chip size="small" variant="outlined" label={visibilityStatusLabels[offer.marketplaceConfig.visibilityStatus]} />
          <ListingStatusBadge status={offer.listingStatus} />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Offer lifecycle">
          {canApprove && (
            <>
              <Button
                size="small"
                variant="outlined"
                color="success"
                disabled={disabled.approve || busy}
                onClick={() => setApproval('approved')}
              >
                Approve
              </Button>
              <Button size="small" variant="outlined" disabled={disabled.unapprove || busy} onClick={() => setApproval('pending')}>
                Unapprove
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                disabled={disabled.reject || busy}
                onClick={() => setApproval('rejected')}
              >
                Reject
              </Button>
            </>
          )}
          <Button size="small" variant="contained" disabled={disabled.publish || busy} onClick={() => setPublished(true)}>
            Publish
          </Button>
          <Button size="small" variant="outlined" disabled={disabled.unpublish || busy} onClick={() => setPublished(false)}>
            Unpublish
          </Button>
          {canApprove && (
            <>
              <Button size="small" variant="outlined" disabled={disabled.hide || busy} onClick={() => setVisible(false)}>
                Hide
              </Button>
              <Button size="small" variant="outlined" disabled={disabled.show || busy} onClick={() => setVisible(true)}>
                Show
              </Button>
            </>
          )}
        </Stack>
        {publishError && (
          <Alert severity="warning" onClose={() => setPublishError(null)}>
            Cannot publish yet: {publishError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
