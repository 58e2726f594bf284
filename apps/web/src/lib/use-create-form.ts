import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from './api-client.ts';
import { useSnackbar } from './toast.tsx';

export interface CreateFormOptions<TIn extends FieldValues, TOut, TResult> {
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The create mutation. */
  create: {
    mutate: (body: TOut, options: { onSuccess: (created: TResult) => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  successMessage: string;
  onClose: () => void;
  onCreated: (created: TResult) => void;
}

/**
 * A create dialog's form: submit is allowed only once the schema accepts the values; closing (unless the request is
 * under way) and creating clear the form; a success or error message is shown.
 */
export function useCreateForm<TIn extends FieldValues, TOut, TResult>({
  schema,
  defaultValues,
  create,
  successMessage,
  onClose,
  onCreated,
}: CreateFormOptions<TIn, TOut, TResult>) {
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset } = useForm<TIn, unknown, TOut>({ resolver: zodResolver(schema), defaultValues });
  const values = useWatch({ control });
  const canSubmit = schema.safeParse(values).success && !create.isPending;

  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        enqueueSnackbar(successMessage, { variant: 'success' });
        reset();
        onCreated(created);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return { control, canSubmit, close, onSubmit };
}
