import { Autocomplete, Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  accessGrantCreateBody,
  EMAIL_ERROR,
  EXPIRY_IN_PAST_ERROR,
  inviteOptionLabel,
  isPastExpiry,
  isValidEmail,
  shouldSuggest,
  tenantRole,
  tenantRoleLabels,
  type AccessGrantCreateBody,
  type ShareEntityOption,
  type TenantRole,
} from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';

/** A date input's day as the end of that local day, so an expiry of today lasts until midnight. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const todayInput = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

type Choice = ShareEntityOption | { invite: string };
const isInvite = (c: Choice | null): c is { invite: string } => c !== null && 'invite' in c;

interface AccessGrantFormProps {
  /** Members matching the typed text (asked only after more than 2 characters), cached under optionsKey. */
  fetchOptions: (search: string, signal: AbortSignal) => Promise<ShareEntityOption[]>;
  optionsKey: readonly unknown[];
  /** Roles offered; §5: from the role enumeration, restrictable per form. */
  roles?: readonly TenantRole[];
  onSubmit: (body: AccessGrantCreateBody) => Promise<unknown>;
}

/** §5 access-grant form: pick a member or type an e-mail to get 'Invite "{value}"'; a role; an optional expiry. */
export function AccessGrantForm({ fetchOptions, optionsKey, roles = tenantRole.options, onSubmit }: AccessGrantFormProps) {
  const [inputValue, setInputValue] = useState('');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [role, setRole] = useState<TenantRole>('viewer');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);
  const search = useDebouncedValue(inputValue.trim(), 250);
  const { data: members = [], isFetching } = useQuery({
    queryKey: [...optionsKey, search],
    queryFn: ({ signal }) => fetchOptions(search, signal),
    enabled: shouldSuggest(search),
  });

  const typed = inputValue.trim();
  const known = members.some((m) => m.email.toLowerCase() === typed.toLowerCase());
  const options: Choice[] = [...members, ...(typed && !known ? [{ invite: typed }] : [])];
  const inviteError = isInvite(choice) && !isValidEmail(choice.invite) ? EMAIL_ERROR : null;
  const expiresAt = expires ? endOfDay(expires) : undefined;
  const expiryError = isPastExpiry(expiresAt, new Date()) ? EXPIRY_IN_PAST_ERROR : null;
  const body: AccessGrantCreateBody | null = choice
    ? { ...(isInvite(choice) ? { subjectEmail: choice.invite } : { subject: choice._id }), role, ...(expiresAt && { expiresAt }) }
    : null;
  const valid = body !== null && !expiryError && accessGrantCreateBody.safeParse(body).success;

  const submit = async () => {
    if (!body || !valid) return;
    setBusy(true);
    try {
      await onSubmit(body);
      setChoice(null);
      setInputValue('');
      setExpires('');
    } catch {
      // The caller reports the failure; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Autocomplete<Choice, false, false, false>
        sx={{ flex: 2, minWidth: 0 }}
        options={options}
        value={choice}
        inputValue={inputValue}
        loading={isFetching}
        filterOptions={(x) => x}
        onInputChange={(_, value, reason) => {
          if (reason !== 'reset') setInputValue(value);
        }}
        onChange={(_, value) => setChoice(value)}
        getOptionLabel={(c) => (isInvite(c) ? c.invite : c.email)}
        isOptionEqualToValue={(a, b) => (isInvite(a) ? isInvite(b) && a.invite === b.invite : !isInvite(b) && a._id === b._id)}
        renderOption={(props, c) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {isInvite(c) ? inviteOptionLabel(c.invite) : `${c.name} (${c.email})`}
            </li>
          );
        }}
        noOptionsText="Type a name or an e-mail"
        renderInput={(params) => (
          <TextField
            {...params}
            label="Person or e-mail"
            error={Boolean(inviteError)}
            helperText={inviteError ?? (isInvite(choice) ? 'An invitation is e-mailed to this address' : ' ')}
          />
        )}
      />
      <TextField
        select
        label="Role"
        value={role}
        onChange={(e) => setRole(e.target.value as TenantRole)}
        sx={{ flex: 1, minWidth: 140 }}
        helperText=" "
      >
        {roles.map((r) => (
          <MenuItem key={r} value={r}>
            {tenantRoleLabels[r]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Expires"
        type="date"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
        sx={{ flex: 1, minWidth: 160 }}
        error={Boolean(expiryError)}
        helperText={expiryError ?? 'Empty: never'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
      />
      <Button variant="contained" onClick={() => void submit()} disabled={!valid} loading={busy} sx={{ mt: { md: 1 }, flexShrink: 0 }}>
        {isInvite(choice) ? 'Invite' : 'Share'}
      </Button>
    </Stack>
  );
}
