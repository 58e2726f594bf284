import type { RaiseAppMode } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRaiseMode } from './use-raise-mode.ts';

/**
 * Switching between Invest and Raise (002 §1), wherever it is offered (the top bar's switch, the main navigation):
 * Invest goes home, Raise to the picked institution's dashboard, or asks for an institution first: in a dialog
 * (`picking`), or with `pickOn: 'list'` on the institution list, for a control the switch itself unmounts (the main
 * navigation steps aside in Raise mode).
 */
export function useModeChange({ pickOn = 'dialog' }: { pickOn?: 'dialog' | 'list' } = {}) {
  const raise = useRaiseMode();
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);

  async function change(next: RaiseAppMode | null) {
    if (!next || next === raise.mode) return;
    const member = await raise.setMode(next);
    if (!member) return;
    // Straight to the investor dashboard, where the root would send them: two hops through '/' could race the
    // institution layout's own redirect and leave the root's redirect spent.
    if (next === 'investor') void navigate('/investor/dashboard');
    else if (member.preferences.institution) void navigate('/institution/dashboard');
    else if (pickOn === 'list') void navigate('/institution/list');
    else setPicking(true);
  }

  return { ...raise, change, picking, stopPicking: () => setPicking(false) };
}
