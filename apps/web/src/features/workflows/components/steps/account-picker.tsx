import Add from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { financialAccountTypeLabels } from '@tessera/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { FinancialAccountDialog, useFinancialAccounts } from '../../../financial-accounts/index.ts';

interface AccountPickerProps {
  label: string;
  value: string | null;
  onChange: (id: string) => void;
  error?: string | undefined;
}

/** One of the caller's passport accounts, or a new one added here with the passport's own dialog (then chosen). */
export function AccountPicker({ label, value, onChange, error }: AccountPickerProps) {
  const labelId = useId();
  const accounts = useFinancialAccounts();
  const [adding, setAdding] = useState(false);

  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      {accounts.isPending ? (
        <Skeleton role="progressbar" variant="rounded" height={96} aria-label="Loading your financial accounts" />
      ) : accounts.error ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          }
        >
          {`Your financial accounts could not be loaded: ${errorMessage(accounts.error)}`}
        </Alert>
      ) : accounts.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          You have no financial account in your passport yet: add one.
        </Typography>
      ) : (
        <RadioGroup aria-labelledby={labelId} value={value ?? ''} onChange={(_event, id) => onChange(id)}>
          {accounts.data.map((account) => (
            <FormControlLabel
              key={account._id}
              value={account._id}
              control={<Radio />}
              label={
                <Stack>
                  <Typography>{account.accountName}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {`${financialAccountTypeLabels[account.type]} · ${account.number}`}
                  </Typography>
                </Stack>
              }
              sx={{ mb: 0.5 }}
            />
          ))}
        </RadioGroup>
      )}
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
      <div>
        <Button startIcon={<Add />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          Add an account
        </Button>
      </div>
      {adding && <FinancialAccountDialog onClose={() => setAdding(false)} onSaved={(created) => onChange(created._id)} />}
    </FormControl>
  );
}
