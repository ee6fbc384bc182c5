import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describeIssues } from './validation';

/**
 * Scripted replies: `scenarios/<name>.json` beside this file, chosen by `SIM-SCENARIO: <name>`
 * in the instructions. The first rule whose pattern matches the last user text answers.
 */
const scenarioFile = z.strictObject({
  rules: z.array(
    z.strictObject({
      match: z.string().min(1),
      reply: z.string().min(1),
      tool_call: z.strictObject({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).optional(),
      /** The answer once the tool's result is back: `{{a.b}}` is that path's value in the result's JSON. */
      reply_with_result: z.string().min(1).optional(),
    }),
  ),
});

export interface ScenarioRule {
  match: RegExp;
  reply: string;
  toolCall: { name: string; arguments: Record<string, unknown> } | undefined;
  replyWithResult: string | undefined;
}

export type Scenarios = Map<string, ScenarioRule[]>;

export const DEFAULT_SCENARIOS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');

/** Reads every scenario file; a malformed one stops the start, naming the file. */
export function loadScenarios(dir: string = DEFAULT_SCENARIOS_DIR): Scenarios {
  const scenarios: Scenarios = new Map();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed = scenarioFile.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`Scenario ${file}: ${describeIssues(parsed.error)}`);
    scenarios.set(
      path.basename(file, '.json'),
      parsed.data.rules.map((rule) => ({
        match: new RegExp(rule.match, 'iu'),
        reply: rule.reply,
        toolCall: rule.tool_call,
        replyWithResult: rule.reply_with_result,
      })),
    );
  }
  return scenarios;
}

export function matchRule(rules: ScenarioRule[], text: string): ScenarioRule | undefined {
  return rules.find((rule) => rule.match.test(text));
}

/**
 * `template` with each `{{a.b}}` replaced by that path's value in `output` (a tool result's
 * JSON); undefined when the output is not JSON or lacks a path (a failed call), so the caller
 * quotes the result as it is.
 */
export function fillFromResult(template: string, output: string): string | undefined {
  let result: unknown;
  try {
    result = JSON.parse(output);
  } catch {
    return undefined;
  }
  let complete = true;
  const filled = template.replace(/\{\{([\w.]+)\}\}/g, (_, path: string) => {
    const value = path
      .split('.')
      .reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), result);
    if (typeof value !== 'string' && typeof value !== 'number') complete = false;
    return String(value);
  });
  return complete ? filled : undefined;
}
