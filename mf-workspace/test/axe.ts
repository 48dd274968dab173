// axe-core, the accessibility engine the e2e suite runs in Chromium, here on jsdom's page: it checks roles,
// names, labels and structure (colour contrast needs a real layout, so it is left to the e2e suite).
import axe from 'axe-core';

/** The serious and critical violations in `root`, as `rule: target` lines (empty when there are none). */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // jsdom has no canvas; axe then skips its icon-font check instead of logging an error.
  const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const results = await axe.run(root, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  canvas.mockRestore();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
}
