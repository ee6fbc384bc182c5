import type { AgentLanguage } from '@/server/errors/agent-error';

/**
 * The language of `message` fields: the first of `ar` or `en` the Accept-Language header
 * names, by quality (`ar-EG` counts as `ar`); English otherwise.
 */
export function agentLanguageOf(header: string | null): AgentLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const chosen = ranked.find((entry) => entry.base === 'ar' || entry.base === 'en');
  return chosen?.base === 'ar' ? 'ar' : 'en';
}
