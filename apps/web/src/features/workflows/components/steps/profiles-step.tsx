import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Link,
  List,
  ListItem,
  Radio,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  individualOwnershipType,
  individualProfileGaps,
  individualProfileName,
  ownersAllowed,
  profileGapLabels,
  type IndividualProfile,
  type LegalEntityProfile,
  type ProfileGap,
} from '@tessera/domain';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../../components/error-block.tsx';
import { useIndividualProfiles } from '../../../individual-profiles/index.ts';
import { useLegalEntityProfiles } from '../../../legal-entity-profiles/index.ts';
import { useStepAction } from '../../hooks/use-step-action.ts';
import { StepFrame } from '../step-frame.tsx';
import { chosenInvestorType } from './step-answers.ts';
import type { StepProps } from './step-props.ts';

const INDIVIDUAL_PATH = '/user/passport/individual-profiles';
const ENTITY_PATH = '/user/passport/legal-entity-profiles';

/** What a legal entity lacks before it can invest: the same contact, account and verification rules as a person. */
export function legalEntityProfileGaps(p: Pick<LegalEntityProfile, 'contact' | 'financialAccounts' | 'verificationStatus'>): ProfileGap[] {
  const gaps: ProfileGap[] = [];
  if (p.contact.emails.length === 0 || p.contact.addresses.length === 0) gaps.push('contact');
  if (p.financialAccounts.length === 0) gaps.push('financial-account');
  if (p.verificationStatus !== 'approved') gaps.push('verification');
  return gaps;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** How many individual profiles the chosen ownership takes (one person, or two to four co-owners); signers of an entity 1 to 4. */
function ownerBounds(props: StepProps, entity: boolean) {
  if (entity) return { min: 1, max: 4 };
  const ownership = individualOwnershipType.safeParse(
    props.workflow.steps.find((s) => s.key === 'ownership')?.data.individualOwnershipType,
  );
  return ownership.success ? ownersAllowed(ownership.data) : { min: 1, max: 1 };
}

interface ProfileRowProps {
  name: string;
  gaps: ProfileGap[];
  fixPath: string;
  control: ReactElement;
  extra?: ReactNode;
}

/** One profile to choose: its name, and when incomplete, what is missing with the way to fix it in the passport. */
function ProfileRow({ name, gaps, fixPath, control, extra }: ProfileRowProps) {
  const gapsId = useId();
  return (
    <ListItem
      divider
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1, py: 1.5 }}
      aria-describedby={gaps.length ? gapsId : undefined}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <FormControlLabel control={control} label={<Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>} />
        {extra}
        {gaps.length > 0 && (
          <Box id={gapsId} sx={{ pl: 4 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WarningAmber fontSize="small" color="warning" aria-hidden />
              Incomplete: this profile cannot invest yet. Missing:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {gaps.map((gap) => (
                <Typography component="li" variant="body2" key={gap} sx={{ color: 'text.secondary' }}>
                  {profileGapLabels[gap]}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Box>
      {gaps.length > 0 && (
        <Button size="small" component={RouterLink} to={fixPath} aria-label={`Complete ${name} in your passport`}>
          Complete in passport
        </Button>
      )}
    </ListItem>
  );
}

function Loading() {
  return (
    <Stack spacing={1} aria-busy="true" aria-label="Loading your profiles">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

function EmptyProfiles({ what, path }: { what: string; path: string }) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={`${path}?modal=create`}>
          Create
        </Button>
      }
    >
      {`You have no ${what} in your passport yet. Create one, then come back to choose it.`}
    </Alert>
  );
}

function IndividualChoice({
  profiles,
  chosen,
  setChosen,
  max,
  label,
  stakeholders,
}: {
  profiles: IndividualProfile[];
  chosen: string[];
  setChosen: (next: string[]) => void;
  max: number;
  label: string;
  stakeholders?: ReadonlySet<string>;
}) {
  if (profiles.length === 0) return <EmptyProfiles what="individual profiles" path={INDIVIDUAL_PATH} />;
  const full = chosen.length >= max;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 500, mb: 1 }}>
        {label}
      </Typography>
      <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2, '& > li:last-of-type': { borderBottom: 0 } }}>
        {profiles.map((p) => {
          const name = individualProfileName(p) || 'Unnamed profile';
          const gaps = individualProfileGaps(p);
          const checked = chosen.includes(p._id);
          return (
            <ProfileRow
              key={p._id}
              name={name}
              gaps={gaps}
              fixPath={`${INDIVIDUAL_PATH}/${p._id}`}
              extra={stakeholders?.has(p._id) ? <Chip size="small" variant="outlined" label="Stakeholder" sx={{ ml: 4 }} /> : null}
              control={
                <Checkbox
                  checked={checked}
                  disabled={gaps.length > 0 || (!checked && full && max > 1)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? (max === 1 ? [p._id] : [...chosen, p._id]) : chosen.filter((id) => id !== p._id))
                  }
                />
              }
            />
          );
        })}
      </List>
    </Box>
  );
}

/**
 * Profiles (001 §3): who invests, chosen from the passport: the individual profiles the ownership takes, or a legal
 * entity and its signers. An incomplete profile says what it lacks, links to fix it, and cannot be chosen.
 */
export function ProfilesStep(props: StepProps) {
  const { step, onBack, goToStep } = props;
  const type = chosenInvestorType(props.workflow);
  const entity = type === 'legal-entity';
  const individuals = useIndividualProfiles();
  const entities = useLegalEntityProfiles();
  const action = useStepAction(props);
  const [chosen, setChosen] = useState(() => ids(step.data.individualProfiles));
  const [entityId, setEntityId] = useState<string | null>(() =>
    typeof step.data.legalEntityProfile === 'string' ? step.data.legalEntityProfile : null,
  );
  const bounds = ownerBounds(props, entity);

  if (!type)
    return (
      <StepFrame step={step} onBack={onBack} submitting={false}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => goToStep('investor-type')}>
              Choose
            </Button>
          }
        >
          Choose whether you invest as an individual or through a legal entity first.
        </Alert>
      </StepFrame>
    );

  const error = individuals.error ?? (entity ? entities.error : null);
  const pending = individuals.isPending || (entity && entities.isPending);
  const completeIds = new Set((individuals.data ?? []).filter((p) => individualProfileGaps(p).length === 0).map((p) => p._id));
  const chosenComplete = chosen.filter((id) => completeIds.has(id));
  const entityProfile = entities.data?.find((e) => e._id === entityId);
  const entityReady = !entity || (entityProfile !== undefined && legalEntityProfileGaps(entityProfile).length === 0);
  const ready = entityReady && chosenComplete.length >= bounds.min && chosenComplete.length <= bounds.max;
  const countText =
    bounds.min === bounds.max
      ? `Choose ${bounds.min === 1 ? 'one profile' : `${bounds.min} profiles`}`
      : `Choose ${bounds.min} to ${bounds.max} profiles`;

  return (
    <StepFrame
      step={step}
      onBack={onBack}
      submitting={action.submitting}
      continueDisabled={!ready}
      onContinue={() => void action.complete({ individualProfiles: chosenComplete, legalEntityProfile: entity ? entityId : null })}
    >
      {error ? (
        <ErrorBlock
          error={error}
          onRetry={() => {
            void individuals.refetch();
            if (entity) void entities.refetch();
          }}
        />
      ) : pending ? (
        <Loading />
      ) : entity ? (
        <Stack spacing={3}>
          {entities.data && entities.data.length === 0 ? (
            <EmptyProfiles what="legal entities" path={ENTITY_PATH} />
          ) : (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 500, mb: 1 }}>
                The legal entity that invests
              </Typography>
              <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2, '& > li:last-of-type': { borderBottom: 0 } }}>
                {(entities.data ?? []).map((e) => {
                  const gaps = legalEntityProfileGaps(e);
                  return (
                    <ProfileRow
                      key={e._id}
                      name={e.displayname || e.name}
                      gaps={gaps}
                      fixPath={`${ENTITY_PATH}/${e._id}`}
                      control={
                        <Radio
                          checked={entityId === e._id}
                          disabled={gaps.length > 0}
                          onChange={() => setEntityId(e._id)}
                          name="legalEntityProfile"
                        />
                      }
                    />
                  );
                })}
              </List>
            </Box>
          )}
          <IndividualChoice
            profiles={individuals.data ?? []}
            chosen={chosen}
            setChosen={setChosen}
            max={bounds.max}
            label={`Who signs for the entity (${bounds.min} to ${bounds.max})`}
            stakeholders={new Set(entityProfile?.ownership.stakeholders.map((s) => s.individualProfile) ?? [])}
          />
        </Stack>
      ) : (
        <Stack spacing={1}>
          {(individuals.data ?? []).length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {countText} for this ownership.{' '}
              <Link component={RouterLink} to={INDIVIDUAL_PATH}>
                Manage your profiles
              </Link>
            </Typography>
          )}
          <IndividualChoice
            profiles={individuals.data ?? []}
            chosen={chosen}
            setChosen={setChosen}
            max={bounds.max}
            label="Investing profiles"
          />
        </Stack>
      )}
    </StepFrame>
  );
}
