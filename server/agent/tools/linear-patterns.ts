import type { Options } from 'ajv';
import { RE2JS } from 're2js';

/**
 * The regular-expression engine of tool parameter schemas (`pattern`, `patternProperties`):
 * RE2's, whose time grows with the text times the compiled program, never exponentially as a
 * backtracking engine's does on `^(a|a)*$`. Patterns RE2 cannot run (backreferences,
 * lookaround) are refused when the schema is compiled. Linear is not cheap enough on its own
 * (a program of 60,000 steps reads a MiB in minutes), so both the programs a schema compiles
 * and the reading one validation does are limited; budgets are set around each synchronous
 * compile or validation by `withPatternBudget`.
 */
export const MAX_PATTERN_CHARS = 500;
/** RE2 program steps all the patterns of one schema may compile to (compiling costs about 2.5 µs a step). */
export const MAX_SCHEMA_PROGRAM = 10_000;
/** Characters read times (program steps + 20) in one validation: about a quarter of a second at worst. */
export const MAX_VALIDATION_WORK = 40_000_000;

/** A budget ran out: the schema is too large to compile, or the arguments too costly to check. */
export class PatternBudgetExceeded extends Error {}

let budget = { program: Infinity, work: Infinity };

/** Runs `task` (a compile or a validation, synchronous) with fresh budgets. */
export function withPatternBudget<T>(task: () => T): T {
  const outer = budget;
  budget = { program: MAX_SCHEMA_PROGRAM, work: MAX_VALIDATION_WORK };
  try {
    return task();
  } finally {
    budget = outer;
  }
}

function compileLinear(pattern: string): { test(text: string): boolean; toString(): string } {
  if (pattern.length > MAX_PATTERN_CHARS) throw new Error(`a pattern is at most ${MAX_PATTERN_CHARS} characters.`);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new Error(`the pattern ${JSON.stringify(pattern)} is not one a linear-time (RE2) engine runs: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const steps = regex.programSize();
  budget.program -= steps;
  if (budget.program < 0) throw new PatternBudgetExceeded(`the patterns compile to more than ${MAX_SCHEMA_PROGRAM} RE2 steps; simplify them.`);
  return {
    test(text: string): boolean {
      budget.work -= text.length * (steps + 20);
      if (budget.work < 0) throw new PatternBudgetExceeded('the arguments are too costly to check against the patterns.');
      return regex.test(text);
    },
    // Ajv keys compiled patterns by this text.
    toString: () => `re2:${pattern}`,
  };
}

/** For Ajv's `code.regExp` option; `code` names it in standalone code, which is not generated here. */
type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

export const linearRegExp: RegExpEngine = Object.assign((pattern: string) => compileLinear(pattern), { code: 're2js' });
