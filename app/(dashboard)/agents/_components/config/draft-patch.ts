import type { AgentConfig } from '@/server/agent/agents/agent-config';
import type { Bilingual } from './bilingual-fields';

/** The draft as a merge patch: every field as edited, empty texts and lists tidied, cleared optional parts removed (null). */
export function draftPatch(config: AgentConfig): Record<string, unknown> {
  const bilingual = (value: Bilingual) => (value && (value.en.trim() || value.ar.trim()) ? value : null);
  const { widget } = config.channels;
  const { temperature, max_reply_tokens, ...model } = config.model;
  return {
    ...config,
    model: { ...model, temperature: temperature ?? null, max_reply_tokens: max_reply_tokens ?? null },
    variables: config.variables.map(({ allowed_hosts, default: fallback, ...variable }) => {
      const hosts = (allowed_hosts ?? []).map((h) => h.trim()).filter(Boolean);
      return { ...variable, ...(hosts.length > 0 ? { allowed_hosts: hosts } : {}), ...(fallback === undefined ? {} : { default: fallback }) };
    }),
    handoff: {
      ...config.handoff,
      never_handle: config.handoff.never_handle.map((line) => line.trim()).filter(Boolean),
      escalation_reply: bilingual(config.handoff.escalation_reply),
      fallback_message: bilingual(config.handoff.fallback_message),
    },
    channels: {
      ...config.channels,
      widget: {
        ...widget,
        greeting: bilingual(widget.greeting),
        theme: { color: widget.theme.color ?? null, position: widget.theme.position ?? null },
      },
    },
  };
}
