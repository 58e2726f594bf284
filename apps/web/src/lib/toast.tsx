import type { OptionsObject, SnackbarMessage } from 'notistack';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * Toasts (§9: at most 3, bottom centre, no duplicates, 200 ms transitions) through notistack,
 * loaded on the first toast rather than with the page: most pages show none before the user
 * acts, and the sign-in path stays inside its budget. `useSnackbar` keeps notistack's shape.
 */
type Notistack = typeof import('notistack');

let notistack: Promise<Notistack> | undefined;
/** The loaded module once a toast asked for it, for a host that mounts after the request. */
let requested: Notistack | undefined;
let showHost: ((module: Notistack) => void) | undefined;
let markHostReady: () => void = () => {};
let hostReady = new Promise<void>((resolve) => {
  markHostReady = resolve;
});

function resetHostReady() {
  hostReady = new Promise<void>((resolve) => {
    markHostReady = resolve;
  });
}

async function loadHost(): Promise<Notistack> {
  notistack ??= import('notistack').catch((error: unknown) => {
    notistack = undefined;
    throw error;
  });
  const module = await notistack;
  requested = module;
  showHost?.(module);
  await hostReady;
  return module;
}

function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  loadHost().then(
    (module) => module.enqueueSnackbar(message, options),
    () => {
      // Without the toast module (offline after a deploy) the message goes to the console instead.
      console.warn('Toast not shown:', message);
    },
  );
}

const api = { enqueueSnackbar };

/** The same call shape as notistack's hook, so screens read as usual. */
export function useSnackbar() {
  return api;
}

/** Mounts notistack's provider once a toast has been asked for. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [module, setModule] = useState<Notistack | undefined>(requested);
  useEffect(() => {
    // A toast asked for during this commit (a child's mount effect) resolves its import only
    // after this effect has run, so registering here misses none.
    showHost = setModule;
    return () => {
      showHost = undefined;
      resetHostReady();
    };
  }, []);
  // Effects run after the commit, when the provider below has registered its global enqueue.
  useEffect(() => {
    if (module) markHostReady();
  }, [module]);
  return (
    <>
      {children}
      {module && (
        <module.SnackbarProvider
          maxSnack={3}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          preventDuplicate
          transitionDuration={200}
        />
      )}
    </>
  );
}
