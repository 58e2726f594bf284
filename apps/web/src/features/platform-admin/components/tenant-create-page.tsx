import ArrowBack from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { newTenantSlug, slugify, tenantCreateBody, type TenantCreateBody } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSlugAvailability } from '../api/check-slug.ts';
import { useCreateTenant } from '../api/create-tenant.ts';

/** The host new tenants live under: this page's host without its own tenant label (and manage. prefix). */
export function baseHost(host: string, currentSlug: string | null): string {
  let base = host.toLowerCase();
  if (base.startsWith('manage.')) base = base.slice('manage.'.length);
  if (currentSlug && base.startsWith(`${currentSlug}.`)) base = base.slice(currentSlug.length + 1);
  return base;
}

function SlugStatus({ slug }: { slug: string }) {
  const debounced = useDebouncedValue(slug, 300);
  const format = newTenantSlug.safeParse(debounced);
  const { data, isFetching, isError } = useSlugAvailability(format.success ? debounced : '');
  if (!debounced || !format.success) return null;
  if (isFetching || debounced !== slug)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Checking the address…
      </Typography>
    );
  if (isError)
    return (
      <Typography variant="body2" sx={{ color: 'warning.main' }}>
        The address could not be checked
      </Typography>
    );
  if (!data) return null;
  return (
    <Typography variant="body2" role="status" sx={{ color: data.available ? 'success.main' : 'error.main' }}>
      {data.available ? 'This address is available' : data.reason}
    </Typography>
  );
}

/** /admin/tenant/create: name, slug (derived from the name until edited by hand) and the owner's e-mail. */
export function TenantCreatePage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { tenantSlug } = useTenant();
  const create = useCreateTenant();
  const [slugEdited, setSlugEdited] = useState(false);
  // Navigates once the page re-rendered without the unsaved-changes guard.
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId) void navigate(`/admin/tenant/${createdId}`, { replace: true });
  }, [createdId, navigate]);
  const { control, handleSubmit, setValue, formState } = useForm<TenantCreateBody, unknown, z.output<typeof tenantCreateBody>>({
    resolver: zodResolver(tenantCreateBody),
    defaultValues: { name: '', slug: '', ownerEmail: '' },
    mode: 'onTouched',
  });
  const slug = useWatch({ control, name: 'slug' });
  const host = baseHost(window.location.host, tenantSlug ?? null);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (tenant) => {
        // A new tenant's one member is its owner: counted (active) when the e-mail had an account, else invited.
        enqueueSnackbar(tenant.memberCount > 0 ? `Tenant ${tenant.name} created` : `Tenant ${tenant.name} created and owner invited`, {
          variant: 'success',
        });
        setCreatedId(tenant._id);
      },
    }),
  );

  return (
    <>
      <title>Create Tenant</title>
      <UnsavedChangesGuard when={formState.isDirty && !createdId} />
      <Button component={RouterLink} to="/admin/tenant" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        All Tenants
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Create Tenant
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
            {create.error && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Name"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  onChange={(e) => {
                    field.onChange(e);
                    if (!slugEdited)
                      setValue('slug', slugify(e.target.value), { shouldDirty: true, shouldValidate: formState.touchedFields.slug });
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="slug"
              render={({ field, fieldState }) => (
                <Stack spacing={0.5}>
                  <TextField
                    {...field}
                    label="Slug"
                    required
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Lowercase letters, digits and dashes'}
                    onChange={(e) => {
                      setSlugEdited(true);
                      field.onChange(e.target.value.toLowerCase());
                    }}
                  />
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    Address: <strong data-testid="tenant-address">{`${slug || '{slug}'}.${host}`}</strong>
                  </Typography>
                  <SlugStatus slug={slug} />
                </Stack>
              )}
            />
            <Controller
              control={control}
              name="ownerEmail"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Owner email"
                  type="email"
                  required
                  autoComplete="off"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'They are invited as the owner of the new tenant'}
                />
              )}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to="/admin/tenant">
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={create.isPending}>
                Create Tenant
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
