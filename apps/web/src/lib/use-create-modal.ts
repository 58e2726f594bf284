import { useSearchParams } from 'react-router';

/** Whether the page's create dialog is open, kept in the address as ?modal=create, and its setter. */
export function useCreateModal(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const creating = params.get('modal') === 'create';

  const setCreating = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('modal', 'create');
      else next.delete('modal');
      return next;
    });

  return [creating, setCreating];
}
