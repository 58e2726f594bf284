import { Avatar, Card, Link, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { initials, type MarketplaceInstitution } from '@tessera/domain';
import { RichText } from '../../../components/rich-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { CustomMetricsList, visibleMetrics } from './custom-metrics-list.tsx';
import { ImageGallery, VideoList } from './marketplace-media.tsx';
import { institutionTitle, useMarketplaceInstitutionContext } from './marketplace-institution-page.tsx';
import { MarketplaceOfferList } from './marketplace-offer-list.tsx';

/** Logo and banner already show in the header; the gallery holds the other images. */
const BRANDING_PURPOSES = new Set(['logo', 'banner']);

/**
 * The About tab (001 §2): description, the video section only when visible videos exist, the gallery only when
 * visible images exist, and the custom metrics. (The page records the `institution-view` event, once per visit
 * whichever tab it opens on.)
 */
export function MarketplaceInstitutionAboutTab() {
  const { institution } = useMarketplaceInstitutionContext();
  const title = institutionTitle(institution);
  const images = institution.images.filter((i) => !BRANDING_PURPOSES.has(i.purpose)).map((i) => ({ id: i.id, src: i.src }));
  const metrics = visibleMetrics(institution.customMetrics);

  return (
    <Stack spacing={3}>
      <SectionCard title="About">
        {institution.description ? (
          <RichText html={institution.description} />
        ) : (
          <Typography sx={{ color: institution.descriptionShort ? 'text.primary' : 'text.secondary' }}>
            {institution.descriptionShort ?? 'No description yet.'}
          </Typography>
        )}
      </SectionCard>
      {institution.videos.length > 0 && (
        <SectionCard title="Videos">
          <VideoList videos={institution.videos} title={title} />
        </SectionCard>
      )}
      {images.length > 0 && (
        <SectionCard title="Gallery">
          <ImageGallery images={images} title={title} />
        </SectionCard>
      )}
      {metrics.length > 0 && (
        <SectionCard title="Highlights">
          <CustomMetricsList metrics={metrics} />
        </SectionCard>
      )}
      {/* 001 §2 lists the team on the About tab too. */}
      {institution.team.length > 0 && (
        <SectionCard title="Team">
          <TeamList team={institution.team} />
        </SectionCard>
      )}
    </Stack>
  );
}

/** The Offers tab: the institution's listed offers. */
export function MarketplaceInstitutionOffersTab() {
  const { institution } = useMarketplaceInstitutionContext();
  return <MarketplaceOfferList institutionId={institution._id} />;
}

/** The Team tab (001 §2): photo (initials without one), name and e-mail of each member. */
export function MarketplaceInstitutionTeamTab() {
  const { institution } = useMarketplaceInstitutionContext();
  if (institution.team.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>No team members yet</Typography>
      </Card>
    );
  }
  return (
    <Card variant="outlined">
      <TeamList team={institution.team} />
    </Card>
  );
}

/** Photo (initials without one), name and e-mail of each member. */
function TeamList({ team }: { team: MarketplaceInstitution['team'] }) {
  return (
    <List aria-label="Team">
      {team.map((member) => (
        <ListItem key={member._id}>
          <ListItemAvatar>
            <Avatar src={member.imageUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              {initials(member.name || member.email)}
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={member.name || member.email}
            secondary={
              <Link href={`mailto:${member.email}`} sx={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Link>
            }
            sx={{ minWidth: 0 }}
          />
        </ListItem>
      ))}
    </List>
  );
}
