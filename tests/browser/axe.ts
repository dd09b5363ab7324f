// axe-core in real Chromium for the accessibility tests. The installed axe.min.js is added
// to each frame as a script tag's content (the context bypasses CSP, so the strict-CSP chat frame
// accepts it too), then axe.run checks the whole document, open shadow roots included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';

const AXE = readFileSync(join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** All axe violations (every rule axe runs by default: WCAG A/AA and best practices) as readable lines. */
export async function axeViolations(target: Page | Frame): Promise<string[]> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.addScriptTag({ content: AXE });
  const violations = (await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'], iframes: false })).violations;
  })) as AxeViolation[];
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
