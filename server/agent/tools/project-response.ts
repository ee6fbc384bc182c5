/** What of an HTTP tool's answer reaches the model (docs/agent-api.md §1.10: `response`). */
export interface ResponseProjection {
  /** JSON pointer to the list of items; without it the whole answer is one item. */
  items_path?: string;
  /** JSON pointers of the fields kept from each item; without them, the whole item. */
  fields?: string[];
  max_items: number;
}

export type Projected = { ok: true; value: unknown } | { ok: false; detail: string };

/** RFC 6901: the value at `pointer` (`""` is the whole document), or undefined. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let current = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (current && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, key))
      current = (current as Record<string, unknown>)[key];
    else return undefined;
  }
  return current;
}

/** A field's name in the projected item: its pointer without the leading slash, segments joined by dots. */
const fieldName = (pointer: string) => pointer.slice(1).split('/').join('.');

/**
 * The projection of a parsed answer: the items at `items_path` (at most `max_items`), each cut to
 * `fields`. No list at `items_path`, or a field found in no item, is `unreadable`.
 */
export function projectResponse(document: unknown, projection: ResponseProjection): Projected {
  let items: unknown[];
  if (projection.items_path !== undefined) {
    const list = valueAtPointer(document, projection.items_path);
    if (!Array.isArray(list)) return { ok: false, detail: `No list at items_path ${projection.items_path}.` };
    items = list.slice(0, projection.max_items);
  } else {
    items = [document];
  }
  const fields = projection.fields;
  if (fields && fields.length > 0) {
    const missing = fields.find((pointer) => items.length > 0 && items.every((item) => valueAtPointer(item, pointer) === undefined));
    if (missing !== undefined) return { ok: false, detail: `No value at ${missing} in the answer.` };
    items = items.map((item) => Object.fromEntries(fields.map((pointer) => [fieldName(pointer), valueAtPointer(item, pointer) ?? null])));
  }
  return { ok: true, value: projection.items_path !== undefined ? items : items[0] };
}
