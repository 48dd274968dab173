// axe-core, the accessibility engine the e2e suite runs in Chromium, here on jsdom's page: it checks roles,
// names, labels and structure (colour contrast needs a real layout, so it is left to the e2e suite).
import axe from 'axe-core';

/** The serious and critical violations in `root`, as `rule: help (targets)` lines (empty when there are none). */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // jsdom has no canvas; axe then skips its icon-font check instead of logging an error.
  const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  try {
    const results = await axe.run(root, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  } finally {
    canvas.mockRestore();
  }
}
