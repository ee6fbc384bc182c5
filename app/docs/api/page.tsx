import type { Metadata } from 'next';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from '@/server/api/openapi';
import type { OpenApiParameter } from '@/server/contract/openapi';
import { ApiIntro, introSections } from '../_components/api-intro';
import { ApiNav, type NavGroup } from '../_components/api-nav';
import { MarkdownParagraphs } from '../_components/inline-markdown';
import { OperationSection } from '../_components/operation-section';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'Every /v1 operation: scopes, parameters, request and response fields, and the errors each can return.',
};

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function entriesByTag(doc: OpenApiDocument): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return byTag;
}

function resolveParameters(doc: OpenApiDocument, operation: OpenApiOperation): OpenApiParameter[] {
  return operation.parameters.flatMap((p) => {
    if (!('$ref' in p)) return [p];
    const shared = doc.components.parameters[p.$ref.split('/').pop() ?? ''];
    return shared ? [shared] : [];
  });
}

const tagId = (name: string) => `tag-${name.toLowerCase()}`;

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument();
  const { lead, sections } = introSections(doc.info.description);
  const byTag = entriesByTag(doc);
  const nav: NavGroup[] = [
    {
      id: 'getting-started',
      title: 'Overview',
      items: [{ id: 'getting-started', label: 'Getting started' }, ...sections.map((s) => ({ id: s.id, label: s.title }))],
    },
    ...[...byTag].map(([tag, entries]) => ({
      id: tagId(tag),
      title: tag,
      items: entries.map((e) => ({ id: e.operation.operationId, label: e.operation.summary, method: e.method })),
    })),
  ];

  return (
    <div className="mx-auto flex max-w-7xl flex-col px-4 sm:px-6 lg:flex-row lg:gap-10">
      <ApiNav groups={nav} />
      <main className="min-w-0 flex-1 py-8">
        <ApiIntro lead={lead} sections={sections} />
        {[...byTag].map(([tag, entries]) => (
          <section key={tag} id={tagId(tag)} aria-labelledby={`${tagId(tag)}-title`} className="scroll-mt-20 pt-6">
            <h2 id={`${tagId(tag)}-title`} className="text-2xl font-semibold text-slate-900">
              {tag}
            </h2>
            <div className="mt-2 max-w-3xl text-slate-600">
              <MarkdownParagraphs text={doc.tags.find((t) => t.name === tag)?.description ?? ''} />
            </div>
            {entries.map((entry) => (
              <OperationSection
                key={entry.operation.operationId}
                method={entry.method}
                path={entry.path}
                operation={entry.operation}
                parameters={resolveParameters(doc, entry.operation)}
              />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
