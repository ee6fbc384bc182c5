import type { JsonSchema } from '@/server/contract/openapi';

/** One row of a fields table: a property of a JSON Schema, nested ones named by path (`template.name`, `data[].id`). */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  notes: string[];
}

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** `X | null` unions reduced to X, so nested fields of nullable objects are still listed. */
function withoutNull(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.some(isNull)) {
    const rest = union.filter((s) => !isNull(s));
    if (rest.length === 1 && rest[0]) return { schema: { ...rest[0], description: schema.description ?? rest[0].description }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

export function typeLabel(raw: JsonSchema): string {
  const { schema, nullable } = withoutNull(raw);
  let label: string;
  if (schema.const !== undefined) label = JSON.stringify(schema.const);
  else if (schema.type === 'array') label = `${schema.items ? typeLabel(schema.items) : 'any'}[]`;
  else if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    label = `map of ${typeLabel(schema.additionalProperties)}`;
  } else if (schema.oneOf ?? schema.anyOf) label = 'object';
  else if (Array.isArray(schema.type)) label = schema.type.join(' | ');
  else label = schema.type ?? 'any';
  if (schema.format && schema.type === 'string') label += ` (${schema.format})`;
  return nullable ? `${label} | null` : label;
}

export function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.enum) notes.push(`One of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  if (schema.default !== undefined) notes.push(`Default \`${JSON.stringify(schema.default)}\``);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) notes.push(range('characters', schema.minLength, schema.maxLength));
  if (schema.minimum !== undefined || schema.maximum !== undefined) notes.push(range('', schema.minimum, schema.maximum));
  if (schema.minItems !== undefined || schema.maxItems !== undefined) notes.push(range('entries', schema.minItems, schema.maxItems));
  return notes;
}

function range(unit: string, min: number | undefined, max: number | undefined): string {
  const suffix = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `${min} to ${max}${suffix}`;
  if (max !== undefined) return `At most ${max}${suffix}`;
  if (min === 1 && unit) return unit === 'characters' ? 'Not empty' : 'At least one entry';
  return `At least ${min}${suffix}`;
}

/** The property name every branch pins with `const`, e.g. `type` of a send. */
function discriminatorOf(variants: JsonSchema[]): string | undefined {
  const first = variants[0]?.properties ?? {};
  return Object.keys(first).find((key) => variants.every((v) => v.properties?.[key]?.const !== undefined));
}

function flattenUnion(variants: JsonSchema[], prefix: string, present: string): FieldRow[] {
  const discriminator = discriminatorOf(variants);
  const merged = new Map<string, { row: FieldRow; tags: string[]; requiredIn: number }>();
  for (const variant of variants) {
    const tag = discriminator ? String(variant.properties?.[discriminator]?.const) : '';
    for (const row of flattenSchema(variant, prefix, present)) {
      const seen = merged.get(row.name);
      if (seen) {
        seen.tags.push(tag);
        if (row.required) seen.requiredIn += 1;
      } else merged.set(row.name, { row, tags: [tag], requiredIn: row.required ? 1 : 0 });
    }
  }
  return [...merged.values()].map(({ row, tags, requiredIn }) => {
    const discriminatorName = prefix ? `${prefix}.${discriminator}` : discriminator;
    if (discriminator && row.name === discriminatorName) {
      return { ...row, type: 'string', notes: [`One of ${tags.map((t) => `\`${t}\``).join(', ')}`] };
    }
    const own = row.name.slice(prefix ? prefix.length + 1 : 0);
    const everywhere = tags.length === variants.length || /[.[]/.test(own);
    const when = `when \`${discriminator}\` is ${tags.map((t) => `\`${t}\``).join(' or ')}`;
    const only = discriminator && !everywhere ? [requiredIn === tags.length ? `${present} ${when}` : `Only ${when}`] : [];
    return { ...row, required: requiredIn === variants.length, notes: [...only, ...row.notes] };
  });
}

/**
 * Flattens the properties of an object schema (or a union of them) into rows, parents before
 * children. `present` words a field a union branch always has: "Required" in requests, "Present" in responses.
 */
export function flattenSchema(raw: JsonSchema, prefix = '', present = 'Required'): FieldRow[] {
  const { schema } = withoutNull(raw);
  const variants = (schema.oneOf ?? schema.anyOf)?.filter((s) => !isNull(s));
  if (variants && variants.length > 0) return flattenUnion(variants, prefix, present);
  if (schema.type === 'array' && schema.items) return flattenSchema(schema.items, `${prefix}[]`, present);
  const rows: FieldRow[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    rows.push({
      name,
      type: typeLabel(property),
      required: (schema.required ?? []).includes(key),
      description: property.description,
      notes: notesOf(withoutNull(property).schema),
    });
    const inner = withoutNull(property).schema;
    const nested = inner.type === 'array' ? inner.items : inner;
    if (nested && (nested.properties || nested.oneOf || nested.anyOf)) {
      rows.push(...flattenSchema(nested, inner.type === 'array' ? `${name}[]` : name, present));
    }
  }
  return rows;
}

/** A plausible instance of a schema, for the response examples. */
export function exampleOf(raw: JsonSchema, name = ''): unknown {
  const { schema, nullable } = withoutNull(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const first = (schema.oneOf ?? schema.anyOf)?.[0];
  if (first) return exampleOf(first, name);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      if (schema.properties) {
        return Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, exampleOf(value, key)]));
      }
      return typeof schema.additionalProperties === 'object' ? { key: exampleOf(schema.additionalProperties) } : {};
    case 'array':
      return schema.items ? [exampleOf(schema.items, name)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema, name);
    default:
      return nullable ? null : {};
  }
}

function stringExample(schema: JsonSchema, name: string): string {
  if (schema.format === 'date-time' || name.endsWith('_at') || name.endsWith('_until')) return '2025-01-31T12:00:00.000Z';
  if (schema.format === 'uri' || name.endsWith('url')) return 'https://example.com/hook';
  if (['to', 'phone_number'].includes(name)) return '+14155550123';
  if (name === 'id' || name.endsWith('_id')) return 'x7Kq2mPa9LwR';
  return 'string';
}
