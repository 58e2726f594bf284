import axe from 'axe-core';

/**
 * The serious and critical axe findings on the rendered page, as `rule: html | html` lines (empty when there are none).
 * Colour contrast needs a layout jsdom has not; the browser journeys check it.
 */
export async function blockingViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}
