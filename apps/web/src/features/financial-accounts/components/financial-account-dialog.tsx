import { MenuItem, TextField } from '@mui/material';
import {
  createFinancialAccountBody,
  financialAccountType,
  financialAccountTypeLabels,
  updateFinancialAccountBody,
  type FinancialAccount,
  type FinancialAccountType,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateFinancialAccount } from '../api/create-financial-account.ts';
import { useUpdateFinancialAccount } from '../api/update-financial-account.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface Form {
  accountName: string;
  type: FinancialAccountType;
  number: string;
}

interface FinancialAccountDialogProps {
  /** The account to edit; none to add one. */
  account?: FinancialAccount;
  onClose: () => void;
  onSaved?: (account: FinancialAccount) => void;
}

/** Adds or edits an account; an edit leaves the number as it is unless a new one is typed. */
export function FinancialAccountDialog({ account, onClose, onSaved }: FinancialAccountDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFinancialAccount();
  const update = useUpdateFinancialAccount();
  const pending = create.isPending || update.isPending;
  const { control, handleSubmit, setError, formState } = useForm<Form>({
    defaultValues: { accountName: account?.accountName ?? '', type: account?.type ?? 'checking', number: '' },
  });

  const onSubmit = handleSubmit((values) => {
    const body = account
      ? { accountName: values.accountName, type: values.type, ...(values.number.trim() && { number: values.number }) }
      : values;
    const parsed = (account ? updateFinancialAccountBody : createFinancialAccountBody).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0]) as keyof Form, { message: issue.message });
      return;
    }
    const done = {
      onSuccess: (saved: FinancialAccount) => {
        enqueueSnackbar(account ? 'Financial account updated' : 'Financial account added', { variant: 'success' });
        onSaved?.(saved);
        onClose();
      },
      onError: (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    };
    if (account) update.mutate({ id: account._id, body }, done);
    else create.mutate(values, done);
  });

  return (
    <FormDialog
      open
      title={account ? 'Edit financial account' : 'Add financial account'}
      onClose={pending ? undefined : onClose}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      pending={pending}
      submitLabel="Save"
      submitDisabled={!formState.isDirty}
    >
      <FormTextField control={control} name="accountName" label="Account name" required fullWidth autoFocus />
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField {...field} select label="Type" fullWidth>
            {financialAccountType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {financialAccountTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="number"
        label={account ? 'New account number' : 'Account number'}
        required={!account}
        fullWidth
        autoComplete="off"
        helperText={account ? `On file: ${account.number}. Leave empty to keep it.` : undefined}
      />
    </FormDialog>
  );
}
