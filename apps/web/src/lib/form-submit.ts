import type { BaseSyntheticEvent, FormEvent } from 'react';

/**
 * A form's `onSubmit` from react-hook-form's `handleSubmit(…)`, which returns a promise that settles once validation and
 * the callback have run. The callbacks report their own outcome (a mutation's onError, a snackbar), so nothing waits for
 * that promise: `<form onSubmit={formSubmit(onSubmit)}>`.
 */
export function formSubmit(submit: (event?: BaseSyntheticEvent) => Promise<void>): (event?: BaseSyntheticEvent) => void {
  return (event) => {
    void submit(event);
  };
}

/** A form's `onSubmit` for a form kept in state: the browser does not submit it, `submit` runs instead. */
export function preventedSubmit(submit: () => void): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    submit();
  };
}
