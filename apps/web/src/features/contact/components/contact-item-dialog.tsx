import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  contactItemSchemas,
  contactKindLabels,
  contactTypeLabels,
  contactTypeOptions,
  notificationCategory,
  notificationCategoryLabels,
  type ContactItem,
  type ContactKind,
} from '@tessera/domain';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { FormMaskedInput } from '../../../components/form-masked-input.tsx';
import { formSubmit } from '../../../lib/form-submit.ts';

const TYPE_FIELD = { addresses: 'addressType', emails: 'emailType', phones: 'phoneType', faxes: 'faxType', links: 'linkType' } as const;

interface ContactItemDialogProps {
  kind: ContactKind;
  item: ContactItem;
  isNew: boolean;
  saving: boolean;
  onSave: (item: ContactItem) => void;
  onClose: () => void;
}

// One loose form shape for every kind: the kind's own schema checks it on submit.
type ItemForm = Record<string, unknown>;

function TextInput({
  control,
  name,
  label,
  type,
  required,
}: {
  control: Control<ItemForm>;
  name: string;
  label: string;
  type?: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type={type}
          required={required}
          fullWidth
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}

/** §4/§5: edits one contact item; Save is enabled only once the item is edited. */
export function ContactItemDialog({ kind, item, isNew, saving, onSave, onClose }: ContactItemDialogProps) {
  const titleId = useId();
  const schema = contactItemSchemas[kind] as unknown as z.ZodType<ContactItem, ItemForm>;
  const { control, handleSubmit, formState } = useForm<ItemForm, unknown, ContactItem>({
    resolver: zodResolver(schema),
    defaultValues: item as unknown as ItemForm,
    mode: 'onTouched',
  });
  const typeField = TYPE_FIELD[kind];
  const label = contactKindLabels[kind].one;

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`${isNew ? 'New' : 'Edit'} ${label.toLowerCase()}`}</DialogTitle>
      <Stack component="form" noValidate onSubmit={formSubmit(handleSubmit(onSave))}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name={typeField}
              render={({ field }) => (
                <TextField select label="Type" fullWidth name={field.name} value={field.value as string} onChange={field.onChange}>
                  {contactTypeOptions[kind].map((option) => (
                    <MenuItem key={option} value={option}>
                      {contactTypeLabels[option as keyof typeof contactTypeLabels]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {kind === 'addresses' && (
              <>
                <TextInput control={control} name="address.address1" label="Address line 1" required />
                <TextInput control={control} name="address.address2" label="Address line 2" />
                <TextInput control={control} name="address.city" label="City" required />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput control={control} name="address.state" label="State" required />
                  <FormMaskedInput control={control} name="address.zip" label="Zip" mask="zip" required fullWidth />
                </Stack>
              </>
            )}
            {kind === 'emails' && <TextInput control={control} name="email" label="Email" type="email" required />}
            {kind === 'phones' && <FormMaskedInput control={control} name="phone" label="Phone" mask="phone" required fullWidth />}
            {kind === 'faxes' && <FormMaskedInput control={control} name="fax" label="Fax" mask="phone" required fullWidth />}
            {kind === 'links' && <TextInput control={control} name="url" label="URL" type="url" required />}
            {kind !== 'links' && (
              <Controller
                control={control}
                name="enabledCommunications"
                render={({ field }) => {
                  const chosen = (field.value as string[] | undefined) ?? [];
                  return (
                    <FormControl component="fieldset">
                      <FormLabel component="legend">Use for</FormLabel>
                      <FormGroup row>
                        {notificationCategory.options.map((category) => (
                          <FormControlLabel
                            key={category}
                            label={notificationCategoryLabels[category].label}
                            control={
                              <Checkbox
                                checked={chosen.includes(category)}
                                onChange={(e) =>
                                  field.onChange(e.target.checked ? [...chosen, category] : chosen.filter((c) => c !== category))
                                }
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                    </FormControl>
                  );
                }}
              />
            )}
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              {(['isPrimary', 'isEnabled'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Switch name={field.name} checked={field.value === true} onChange={(e) => field.onChange(e.target.checked)} />
                      }
                      label={name === 'isPrimary' ? 'Primary' : 'Enabled'}
                    />
                  )}
                />
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || saving} loading={saving}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
