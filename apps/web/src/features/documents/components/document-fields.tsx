import { Autocomplete, Chip, MenuItem, TextField } from '@mui/material';
import { documentEntityType, documentEntityTypeLabels, documentType, documentTypeLabels } from '@tessera/domain';

/** The metadata inputs shared by the upload dialog and the details tab. */
export interface DocumentFieldValues {
  name: string;
  type: string;
  entityType: string;
  tags: string[];
  description: string;
}

export function DocumentFields({
  values,
  onChange,
  disabled,
}: {
  values: DocumentFieldValues;
  onChange: (next: DocumentFieldValues) => void;
  disabled?: boolean;
}) {
  const set = <K extends keyof DocumentFieldValues>(key: K, value: DocumentFieldValues[K]) => onChange({ ...values, [key]: value });
  return (
    <>
      <TextField
        label="Name"
        required
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        select
        label="Type"
        required
        value={values.type}
        onChange={(e) => set('type', e.target.value)}
        disabled={disabled}
        fullWidth
      >
        {documentType.options.map((value) => (
          <MenuItem key={value} value={value}>
            {documentTypeLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Entity Type"
        required
        value={values.entityType}
        onChange={(e) => set('entityType', e.target.value)}
        disabled={disabled}
        fullWidth
      >
        {documentEntityType.options.map((value) => (
          <MenuItem key={value} value={value}>
            {documentEntityTypeLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        freeSolo
        options={[] as string[]}
        value={values.tags}
        disabled={disabled}
        onChange={(_, tags) => set('tags', [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))])}
        renderValue={(tags, getItemProps) =>
          tags.map((tag, index) => <Chip size="small" label={tag} {...getItemProps({ index })} key={tag} />)
        }
        renderInput={(params) => <TextField {...params} label="Tags" helperText="Press Enter after each tag" />}
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        disabled={disabled}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </>
  );
}

/** §5: Save needs a name, a type and an entity type. */
export const hasRequiredMetadata = (v: DocumentFieldValues) => v.name.trim() !== '' && v.type !== '' && v.entityType !== '';
