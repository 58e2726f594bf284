import { Checkbox, FormControlLabel, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { SUBSCRIBABLE_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type WebhookEventType } from '@tessera/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface WebhookEventsFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** An institution's endpoint: only the events that reach institutions are offered. */
  institution: boolean;
}

/** The events an endpoint subscribes to, each with what it means. */
export function WebhookEventsField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  institution,
}: WebhookEventsFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as WebhookEventType[] | undefined) ?? [];
        // One already chosen stays listed, so that editing never drops it unseen.
        const offered = SUBSCRIBABLE_WEBHOOK_EVENTS.filter(
          (t) => !institution || WEBHOOK_EVENTS[t].audience === 'tenant-and-institution' || value.includes(t),
        );
        const toggle = (type: WebhookEventType, on: boolean) =>
          field.onChange(on ? SUBSCRIBABLE_WEBHOOK_EVENTS.filter((t) => t === type || value.includes(t)) : value.filter((t) => t !== type));
        return (
          <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <FormLabel component="legend" error={Boolean(fieldState.error)} required>
              Events
            </FormLabel>
            {offered.map((type) => (
              <FormControlLabel
                key={type}
                sx={{ alignItems: 'flex-start', mt: 1, mr: 0 }}
                control={
                  <Checkbox
                    checked={value.includes(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                    onBlur={field.onBlur}
                    sx={{ pt: 0.25 }}
                  />
                }
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block' }}>
                      {WEBHOOK_EVENTS[type].label} <code>{type}</code>
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                      {WEBHOOK_EVENTS[type].description}
                    </Typography>
                  </>
                }
              />
            ))}
            <FormHelperText error={Boolean(fieldState.error)}>
              {fieldState.error?.message ?? (value.length === 0 ? 'Choose at least one event' : `${value.length} chosen`)}
            </FormHelperText>
          </Stack>
        );
      }}
    />
  );
}
