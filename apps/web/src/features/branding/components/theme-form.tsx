import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  brandingTheme,
  fontFamily,
  paletteColours,
  type BrandingTheme,
  type PaletteColours,
  type TenantPublic,
  type ThemeMode,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useThemeMode } from '../../../lib/theme/use-theme-mode.ts';
import { loadFont } from '../../../lib/theme/load-font.ts';
import { useUpdateBrandingTheme } from '../api/update-branding-theme.ts';
import { BrandingPage } from './branding-page.tsx';
import { ThemePreview } from './theme-preview.tsx';

export const COLOUR_LABELS: Record<keyof PaletteColours, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  tertiary: 'Tertiary',
  info: 'Info',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  background: 'Background',
};
const COLOURS = paletteColours.keyof().options;
const HEX = /^#[0-9a-fA-F]{6}$/;
const fontStack = (family: string) => `"${family}", "Roboto", "Helvetica Neue", Arial, sans-serif`;

/** The edited theme with every colour still being typed replaced by the saved one, so the preview never breaks. */
function previewTheme(edited: BrandingTheme, saved: BrandingTheme): BrandingTheme {
  const palette = (mode: ThemeMode): PaletteColours =>
    Object.fromEntries(
      COLOURS.map((key) => [key, HEX.test(edited[mode]?.[key] ?? '') ? edited[mode][key] : saved[mode][key]]),
    ) as PaletteColours;
  const radius =
    Number.isInteger(edited.borderRadius) && edited.borderRadius >= 0 && edited.borderRadius <= 32
      ? edited.borderRadius
      : saved.borderRadius;
  return { ...edited, light: palette('light'), dark: palette('dark'), borderRadius: radius };
}

function ColourField({ control, mode, name }: { control: Control<BrandingTheme>; mode: ThemeMode; name: keyof PaletteColours }) {
  const label = COLOUR_LABELS[name];
  return (
    <Controller
      control={control}
      name={`${mode}.${name}`}
      render={({ field, fieldState }) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="input"
            type="color"
            aria-label={`${label} colour swatch`}
            value={HEX.test(field.value) ? field.value.toLowerCase() : '#000000'}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value.toUpperCase())}
            sx={{
              flexShrink: 0,
              width: 48,
              height: 40,
              p: 0.25,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              cursor: 'pointer',
            }}
          />
          <TextField
            {...field}
            size="small"
            label={label}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'characters' } }}
          />
        </Stack>
      )}
    />
  );
}

/** §branding/theme: colours per mode, font, border radius and default mode, beside a live preview of real components. */
export function ThemeForm({ tenant }: { tenant: TenantPublic }) {
  const saved = tenant.branding.theme;
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBrandingTheme(tenant._id);
  // Start on the palette of the mode the owner is looking at.
  const [tab, setTab] = useState<ThemeMode>(useThemeMode().mode);
  const { control, handleSubmit, reset, formState } = useForm<BrandingTheme>({
    resolver: zodResolver(brandingTheme),
    defaultValues: saved,
    mode: 'onChange',
  });
  const guard = useUnsavedChangesGuard(formState.isDirty && !update.isPending);
  const edited = useWatch({ control }) as BrandingTheme;
  const preview = useMemo(() => previewTheme(edited, saved), [edited, saved]);

  // Another save (another tab, the media page) brings the new server copy into a clean form.
  useEffect(() => {
    if (!formState.isDirty) reset(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [saved]);
  useEffect(() => {
    void loadFont(preview.fontFamily);
  }, [preview.fontFamily]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (result) => {
        reset(result.branding.theme);
        enqueueSnackbar('Branding updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Grid container spacing={3} component="form" noValidate onSubmit={formSubmit(onSubmit)} aria-label="Theme">
      {guard}
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h6">
              Colours
            </Typography>
            <Tabs value={tab} onChange={(_, value: ThemeMode) => setTab(value)} aria-label="Colour mode" sx={{ mb: 2 }}>
              <Tab value="light" label="Light" />
              <Tab value="dark" label="Dark" />
            </Tabs>
            <Grid container spacing={2} role="group" aria-label={`${tab === 'dark' ? 'Dark' : 'Light'} mode colours`}>
              {COLOURS.map((name) => (
                <Grid key={`${tab}.${name}`} size={{ xs: 12, sm: 6 }}>
                  <ColourField control={control} mode={tab} name={name} />
                </Grid>
              ))}
            </Grid>

            <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 2 }}>
              Typography and shape
            </Typography>
            <Controller
              control={control}
              name="fontFamily"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Font family"
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    select: {
                      onOpen: () => fontFamily.options.forEach((f) => void loadFont(f)),
                      renderValue: (value) => <span style={{ fontFamily: fontStack(String(value)) }}>{String(value)}</span>,
                    },
                  }}
                >
                  {fontFamily.options.map((family) => (
                    <MenuItem key={family} value={family} sx={{ fontFamily: fontStack(family) }}>
                      {family}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="borderRadius"
              render={({ field }) => (
                <Box sx={{ mt: 3 }}>
                  <Typography id="border-radius-label" variant="body2" gutterBottom>
                    {`Border radius: ${field.value} px`}
                  </Typography>
                  <Slider
                    value={field.value}
                    onChange={(_, value) => field.onChange(value as number)}
                    onBlur={field.onBlur}
                    min={0}
                    max={32}
                    step={1}
                    valueLabelDisplay="auto"
                    aria-labelledby="border-radius-label"
                    marks={[
                      { value: 0, label: '0' },
                      { value: 16, label: '16' },
                      { value: 32, label: '32' },
                    ]}
                  />
                </Box>
              )}
            />
            <Controller
              control={control}
              name="defaultMode"
              render={({ field }) => (
                <FormControl sx={{ mt: 2 }}>
                  <FormLabel id="default-mode-label">Default mode</FormLabel>
                  <RadioGroup row aria-labelledby="default-mode-label" {...field}>
                    <FormControlLabel value="light" control={<Radio />} label="Light" />
                    <FormControlLabel value="dark" control={<Radio />} label="Dark" />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
              <Button disabled={!formState.isDirty || update.isPending} onClick={() => reset(saved)}>
                Reset
              </Button>
              <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty}>
                Save
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
          <ThemePreview theme={preview} mode={tab} />
        </Box>
      </Grid>
    </Grid>
  );
}

/** /tenant/branding/theme */
export function BrandingThemePage() {
  return (
    <BrandingPage
      title="Theme"
      subtitle="Colours for light and dark mode, the font and the corner radius of every page of this organization."
    >
      {(tenant) => <ThemeForm key={tenant._id} tenant={tenant} />}
    </BrandingPage>
  );
}
