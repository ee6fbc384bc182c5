/** Items an array with `uniqueItems` may be declared to hold at most: they are compared pairwise, each pair in full. */
export const MAX_UNIQUE_ITEMS = 100;

/**
 * The first place in a tool's parameters that would let one validation cost more than linear
 * time, with why: a `$ref` (references may branch into each other or into the schema itself,
 * and the work then doubles with each level of the arguments), or `uniqueItems` without a
 * `maxItems` of at most MAX_UNIQUE_ITEMS. Keys inside examples or defaults count too: the
 * parameters are small, and written out.
 */
export function costlyKeyword(value: unknown, pointer = ''): { pointer: string; detail: string } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value)) {
    const schema = value as Record<string, unknown>;
    const reference = ['$ref', '$dynamicRef', '$recursiveRef'].find((keyword) => keyword in schema);
    if (reference)
      return { pointer: `${pointer}/${reference}`, detail: `${reference} is not supported in tool parameters; write the schema out.` };
    if (schema.uniqueItems === true && !(typeof schema.maxItems === 'number' && schema.maxItems <= MAX_UNIQUE_ITEMS)) {
      return { pointer: `${pointer}/uniqueItems`, detail: `uniqueItems needs a maxItems of at most ${MAX_UNIQUE_ITEMS}.` };
    }
  }
  for (const [key, item] of Object.entries(value)) {
    const found = costlyKeyword(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found) return found;
  }
  return undefined;
}
