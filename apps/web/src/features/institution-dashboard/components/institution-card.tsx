import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Leaderboard from '@mui/icons-material/Leaderboard';
import LocalOffer from '@mui/icons-material/LocalOffer';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { INSTITUTION_CARD_LINK_WIDTHS, institutionDisplayName, institutionTypeLabels, type Institution } from '@tessera/domain';
import { Hint } from '../../../components/hint.tsx';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RaiseArea } from '../../../lib/use-raise-area.ts';
import { InstitutionAvatar } from '../../raise/index.ts';

/** Where an institution's pages are: its settings tabs in the institution area, its tabs in the tenant's marketplace. */
export function institutionLinks(area: RaiseArea['area'], id: string) {
  if (area === 'tenant') {
    const base = `/tenant/marketplace/institutions/${id}`;
    // The lead list lives in Raise mode only: it is the institution team's CRM, not the tenant's.
    return { members: `${base}/team`, settings: `${base}/details`, activity: `${base}/history`, offers: `${base}/offers`, leads: null };
  }
  return {
    members: '/institution/settings/team',
    settings: '/institution/settings/details',
    activity: '/institution/settings/history',
    offers: '/institution/offers',
    leads: '/institution/leads',
  };
}

function LinkButton({ to, icon, children, newTab }: { to: string; icon: ReactNode; children: ReactNode; newTab?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      size="small"
      variant="outlined"
      startIcon={icon}
      {...(newTab && { target: '_blank', rel: 'noopener noreferrer', endIcon: <OpenInNew fontSize="small" /> })}
    >
      {children}
    </Button>
  );
}

/** The institution card (002 §2): logo, name, last updated and the links to its pages. */
export function InstitutionCard({ institution, area }: { institution: Institution; area: RaiseArea['area'] }) {
  const links = institutionLinks(area, institution._id);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <InstitutionAvatar institution={institution} size={64} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {institutionDisplayName(institution)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${institutionTypeLabels[institution.type]} · Last updated ${formatRelativeOrDate(institution.updatedAt)}`}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <LinkButton to={`/marketplace/institutions/${institution._id}`} icon={<Storefront />} newTab>
            Marketplace Profile
          </LinkButton>
          <LinkButton to={links.members} icon={<Groups />}>
            Members
          </LinkButton>
          <LinkButton to={links.settings} icon={<Settings />}>
            Settings
          </LinkButton>
          <LinkButton to={links.activity} icon={<History />}>
            Activity
          </LinkButton>
          {links.leads ? (
            <LinkButton to={links.leads} icon={<Leaderboard />}>
              Leads
            </LinkButton>
          ) : (
            <Hint title="The institution's team works its leads in Raise mode" describeChild>
              <Button size="small" variant="outlined" startIcon={<Leaderboard />} disabled>
                Leads
              </Button>
            </Hint>
          )}
          <LinkButton to={links.offers} icon={<LocalOffer />}>
            Offers
          </LinkButton>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The card's place while its institution loads: the card's layout (the logo's square, a one-line name and its type
 * line, boxes of the link buttons' widths, INSTITUTION_CARD_LINK_WIDTHS) hidden inside a skeleton, so the skeleton is as
 * tall as the card at any width and what is below does not move when the card comes. Fixed heights per breakpoint
 * were 39 px off where the buttons take one row fewer (553–599 and 1003–1199 px wide in the institution area).
 */
export function InstitutionCardSkeleton() {
  return (
    <Skeleton
      role="progressbar"
      aria-label="Loading institution"
      variant="rounded"
      component="div"
      width="100%"
      // The card's outline.
      sx={{ border: 1, borderColor: 'transparent' }}
    >
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ width: 64, height: 64, flexShrink: 0 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="div">
              &nbsp;
            </Typography>
            <Typography variant="body2">&nbsp;</Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          {INSTITUTION_CARD_LINK_WIDTHS.map((width, i) => (
            <Box key={i} sx={{ width, height: 30.75 }} />
          ))}
        </Stack>
      </CardContent>
    </Skeleton>
  );
}
