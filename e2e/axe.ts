import { AxeBuilder } from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const BLOCKING = new Set(["serious", "critical"]);

/** One line per violation: rule id, impact, and the elements it found. */
function describeViolations(violations: Result[]): string {
  return violations
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
    )
    .join("\n");
}

/**
 * Rules axe ships switched off (experimental) that the product must meet all the same: an
 * accessible name that contains the visible text, so a voice-control user can say what they see
 * (issue 32: the exchange's From/To buttons).
 */
const EXTRA_RULES = { "label-content-name-mismatch": { enabled: true } };

/**
 * Runs axe once on the page as it is now (an open modal included) and fails on any serious or
 * critical violation, naming each rule and its targets. Moderate and minor findings are printed
 * for a person to read, not failed on.
 */
export async function expectNoSeriousAxeViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const other = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ""));
  if (other.length > 0) console.info(`axe, ${state}, not failing:\n${describeViolations(other)}`);
  expect(
    blocking,
    `axe found serious or critical violations on ${state}:\n${describeViolations(blocking)}`,
  ).toEqual([]);
}
