import { useEffect, useSyncExternalStore } from 'react';

interface AdvisorState {
  open: boolean;
  /** The offer of the page on screen (its marketplace page): what a question asked there is about. */
  pageOfferId: string | null;
}

let state: AdvisorState = { open: false, pageOfferId: null };
const listeners = new Set<() => void>();
function set(next: Partial<AdvisorState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Whether the AI Advisor's panel is open, and the offer the page on screen is about. */
export const advisorStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  open: () => set({ open: true }),
  close: () => set({ open: false }),
  toggle: () => set({ open: !state.open }),
  setPageOffer: (pageOfferId: string | null) => set({ pageOfferId }),
};

export function useAdvisorState(): AdvisorState {
  return useSyncExternalStore(advisorStore.subscribe, advisorStore.getState);
}

/** While mounted, questions asked in the advisor (opened by its button or Cmd+K) are about `offerId`. */
export function useAdvisorPageOffer(offerId: string | undefined): void {
  useEffect(() => {
    if (!offerId) return;
    advisorStore.setPageOffer(offerId);
    return () => {
      if (advisorStore.getState().pageOfferId === offerId) advisorStore.setPageOffer(null);
    };
  }, [offerId]);
}
