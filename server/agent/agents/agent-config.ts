import { z } from 'zod';

/**
 * The whole configuration of an agent (docs/agent-api.md §1.3): what a draft holds and what a
 * published AgentVersion freezes. Strict at every level, so an unknown field is named by its
 * JSON pointer; defaults are filled in, so a stored config always has every field.
 */
const toolName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'letters, digits, _ and -, starting with a letter, at most 64');
const bilingual = z.strictObject({ en: z.string().max(2000), ar: z.string().max(2000) });
const variableValue = z.union([z.string().max(10_000), z.number(), z.boolean()]);

/** What `overrides.allowed` may list; never_handle, escalation_reply and tool grants are never overridable. */
export const overridableFields = ['model', 'temperature', 'max_reply_tokens', 'instructions_append'] as const;
export type OverridableField = (typeof overridableFields)[number];

export const builtinTools = ['handoff', 'create_ticket', 'search_knowledge'] as const;

export const clientToolSchema = z.strictObject({
  name: toolName,
  description: z.string().max(1024).default(''),
  parameters: z.looseObject({ type: z.literal('object') }).default({ type: 'object', properties: {} }),
});

export const agentVariableSchema = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'letters, digits and _, not starting with a digit'),
    type: z.enum(['string', 'number', 'boolean']).default('string'),
    required: z.boolean().default(false),
    /** Given only with a single message or ask; never stored, logged or put in a prompt. */
    secret: z.boolean().default(false),
    /** Hosts a secret may be sent to by HTTP tools. */
    allowed_hosts: z.array(z.string().min(1).max(253)).max(20).optional(),
    default: variableValue.optional(),
    /** A browser (client token, anonymous visitor) may send it with a message; a value the session holds still wins. */
    browser_settable: z.boolean().default(false),
  })
  .refine((variable) => !(variable.secret && variable.browser_settable), {
    message: 'a secret variable cannot be browser_settable',
    path: ['browser_settable'],
  });

export const agentConfigSchema = z.strictObject({
  instructions: z.string().max(32_000).default(''),
  model: z.strictObject({
    id: z.string().min(1).max(100),
    fallback_models: z.array(z.string().min(1).max(100)).max(3).default([]),
    temperature: z.number().min(0).max(2).optional(),
    max_reply_tokens: z.number().int().min(1).max(32_000).optional(),
  }),
  /** A `pcred_…` of the project; without one the project's valid key for the model's provider is used. */
  provider_credential: z
    .string()
    .regex(/^pcred_[0-9A-Za-z]{22}$/, 'a pcred_ id')
    .nullable()
    .default(null),
  tools: z
    .strictObject({
      builtin: z.array(z.enum(builtinTools)).default([]),
      http: z
        .array(z.string().regex(/^tool_[0-9A-Za-z]{22}$/, 'a tool_ id'))
        .max(32)
        .default([]),
      client: z.array(clientToolSchema).max(32).default([]),
      max_tool_rounds: z.number().int().min(1).max(10).default(4),
    })
    .default({ builtin: [], http: [], client: [], max_tool_rounds: 4 }),
  knowledge_sources: z
    .array(z.string().regex(/^ks_[0-9A-Za-z]{22}$/, 'a ks_ id'))
    .max(32)
    .default([]),
  variables: z.array(agentVariableSchema).max(50).default([]),
  overrides: z
    .strictObject({
      allowed: z.array(z.enum(overridableFields)).default([]),
      models: z.array(z.string().min(1).max(100)).max(20).default([]),
    })
    .default({ allowed: [], models: [] }),
  handoff: z
    .strictObject({
      never_handle: z.array(z.string().min(1).max(200)).max(50).default([]),
      escalation_reply: bilingual.optional(),
      fallback_message: bilingual.optional(),
      expire_after_hours: z.number().int().min(1).max(24).default(24),
    })
    .default({ never_handle: [], expire_after_hours: 24 }),
  channels: z
    .strictObject({
      whatsapp: z
        .strictObject({
          accounts: z.array(z.string().min(1)).max(20).default([]),
          coalesce_ms: z.number().int().min(0).max(10_000).default(1500),
        })
        .default({ accounts: [], coalesce_ms: 1500 }),
      widget: z
        .strictObject({
          enabled: z.boolean().default(false),
          greeting: bilingual.optional(),
          /**
           * While a handoff waits for staff, after this many seconds with nobody answering the
           * widget asks the visitor for an email to follow up by (docs/agent-api.md §2.6); 0 never asks.
           */
          ask_email_after_seconds: z.number().int().min(0).max(86_400).default(120),
          theme: z
            .strictObject({
              color: z
                .string()
                .regex(/^#[0-9a-fA-F]{6}$/)
                .optional(),
              position: z.enum(['start', 'end']).optional(),
            })
            .default({}),
        })
        .default({ enabled: false, ask_email_after_seconds: 120, theme: {} }),
    })
    .default({ whatsapp: { accounts: [], coalesce_ms: 1500 }, widget: { enabled: false, ask_email_after_seconds: 120, theme: {} } }),
  concurrency_default: z.enum(['reject', 'queue']).default('reject'),
});

export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentVariable = z.infer<typeof agentVariableSchema>;
export type ClientTool = z.infer<typeof clientToolSchema>;

/** A published version's config, as stored (written through this schema, so it parses). */
export const readAgentConfig = (stored: unknown): AgentConfig => agentConfigSchema.parse(stored);
