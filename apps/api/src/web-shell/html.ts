/**
 * Text made safe to place in the shell's HTML, between tags or inside a quoted attribute, as numeric character
 * references (the first-screen and static-web tests read them in this form).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
