/**
 * The advisor's shortcut, kept free of the domain's schemas so the signed-in layout can listen for it from its first
 * paint (a press before the panel's code arrives is not lost). ADVISOR_PANEL.shortcutKey says the same (tested).
 */
export const ADVISOR_SHORTCUT_KEY = 'k';

/** Cmd on macOS (and iOS with a keyboard), Ctrl elsewhere. */
export function usesCommandKey(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Whether `event` is the advisor's shortcut: Cmd+K on macOS, Ctrl+K elsewhere (001 §2). */
export function isAdvisorShortcut(event: KeyboardEvent, command = usesCommandKey()): boolean {
  if (event.key.toLowerCase() !== ADVISOR_SHORTCUT_KEY || event.altKey || event.shiftKey) return false;
  return command ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** The shortcut as `aria-keyshortcuts` and a tooltip name it. */
export function advisorShortcutLabel(command = usesCommandKey()): { aria: string; text: string } {
  return command ? { aria: 'Meta+K', text: '⌘K' } : { aria: 'Control+K', text: 'Ctrl+K' };
}
