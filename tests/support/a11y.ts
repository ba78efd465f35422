// Accessibility checks with axe-core: no serious or critical violation (WCAG 2.1 A and AA).
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

export interface A11yProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<A11yProblem[]> {
  const results = await new AxeBuilder({ page: page as never })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // axe runs in the page itself. By default the builder gathers each frame's results in a
    // blank page it opens and loads axe into again, which is for pages with frames of other
    // origins; ours have none under test (payments are the simulator's, on this origin). Half the
    // time per check: /programs 1.3 s -> 0.65 s, /fees 0.8 s -> 0.45 s.
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}
