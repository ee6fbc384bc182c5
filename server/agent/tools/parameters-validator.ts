import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import { AgentError } from '@/server/errors/agent-error';
import { costlyKeyword } from './costly-keywords';
import { linearRegExp, PatternBudgetExceeded, withPatternBudget } from './linear-patterns';

/** Checks schemas against the JSON Schema meta-schema; it never compiles a tenant's schema. */
const metaSchemas = new Ajv({ strict: false });

/**
 * Compiled validators by their schema's content, so a tool version's schema is compiled once,
 * not per call. Each is compiled by an Ajv of its own: a shared one keeps every schema it
 * compiled and registers their `$id`s, so one tenant's `$id` would break or resolve another's.
 */
const validators = new LRUCache<string, ValidateFunction>({ max: 2_000 });

/** How many compiled validators are kept (they do not grow per call). */
export const keptValidatorCount = (): number => validators.size;

/** The validator of a tool's `parameters`, compiled once per schema; a schema that cannot be one is 422 `validation_failed` at `/parameters`. */
export function parametersValidator(parameters: object): ValidateFunction {
  const key = createHash('sha256').update(JSON.stringify(parameters)).digest('base64url');
  const kept = validators.get(key);
  if (kept) return kept;
  const costly = costlyKeyword(parameters);
  if (costly) throw new AgentError('validation_failed', { param: `/parameters${costly.pointer}`, details: { detail: costly.detail } });
  try {
    if (!metaSchemas.validateSchema(parameters)) throw new Error(metaSchemas.errorsText(metaSchemas.errors));
    const ajv = new Ajv({ strict: false, meta: false, validateSchema: false, addUsedSchema: false, code: { regExp: linearRegExp } });
    const validate = withPatternBudget(() => ajv.compile(parameters));
    validators.set(key, validate);
    return validate;
  } catch (error) {
    throw new AgentError('validation_failed', {
      param: '/parameters',
      details: { detail: `not a JSON Schema this service runs: ${(error as Error).message}` },
    });
  }
}

/** The arguments checked against the tool's parameters: 422 `validation_failed` at their pointer under `/arguments`. */
export function checkArguments(parameters: object, args: unknown): void {
  const validate = parametersValidator(parameters);
  let valid: boolean;
  try {
    valid = withPatternBudget(() => validate(args) as boolean);
  } catch (error) {
    if (!(error instanceof PatternBudgetExceeded)) throw error;
    throw new AgentError('validation_failed', { param: '/arguments', details: { detail: error.message } });
  }
  if (valid) return;
  const first = validate.errors?.[0];
  throw new AgentError('validation_failed', {
    param: `/arguments${first?.instancePath ?? ''}`,
    details: { detail: first?.message ?? 'invalid' },
  });
}
