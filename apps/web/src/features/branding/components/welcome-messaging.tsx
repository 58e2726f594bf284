import { Button, Card, CardActions, CardContent, Grid, Stack, Typography } from '@mui/material';
import { isSameSitePath, type BrandingMessaging } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';

/** An e-mail link opens the mail app in place: a new tab would stay blank. */
const isMail = (url: string) => url.trim().toLowerCase().startsWith('mailto:');

/** Whether the tenant wrote a welcome (branding/messaging): without one the welcome card is not shown. */
export const hasWelcome = (messaging: BrandingMessaging) => Boolean(messaging.welcomeTitle || messaging.welcomeText);

/** The tenant's welcome title and text (branding/messaging): the investor dashboard's welcome card (001 §2). */
export function WelcomeMessage({ messaging }: { messaging: BrandingMessaging }) {
  if (!hasWelcome(messaging)) return null;
  return (
    <Card component="section" aria-label="Welcome" variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        {messaging.welcomeTitle && (
          <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
            {messaging.welcomeTitle}
          </Typography>
        )}
        {messaging.welcomeText && <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>{messaging.welcomeText}</Typography>}
      </CardContent>
    </Card>
  );
}

/** The visible promo cards, in their order, each with up to two buttons. */
export function PromoCards({ messaging }: { messaging: BrandingMessaging }) {
  const cards = messaging.promoCards.filter((card) => !card.hidden);
  if (cards.length === 0) return null;
  return (
    <Grid container spacing={2} component="section" aria-label="Promotions" sx={{ mt: 3 }}>
      {cards.map((card) => (
        <Grid key={card._id} size={{ xs: 12, sm: 6, md: cards.length >= 3 ? 4 : 6 }}>
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flex: 1 }}>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                {card.title}
              </Typography>
              {card.body && (
                <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
                  {card.body}
                </Typography>
              )}
            </CardContent>
            {card.buttons.length > 0 && (
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {card.buttons.map((button, i) =>
                    isSameSitePath(button.url) ? (
                      <Button key={i} component={RouterLink} to={button.url} variant={i === 0 ? 'contained' : 'outlined'} size="small">
                        {button.label}
                      </Button>
                    ) : (
                      <Button
                        key={i}
                        href={button.url}
                        {...(!isMail(button.url) && { target: '_blank', rel: 'noopener noreferrer' })}
                        variant={i === 0 ? 'contained' : 'outlined'}
                        size="small"
                      >
                        {button.label}
                      </Button>
                    ),
                  )}
                </Stack>
              </CardActions>
            )}
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
