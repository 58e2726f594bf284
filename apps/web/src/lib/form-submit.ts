import type { BaseSyntheticEvent } from 'react';

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
