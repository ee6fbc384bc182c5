import type { ReactNode } from 'react';
import { DocsFrame } from '@/app/docs/_components/docs-frame';

/** Public frame of the agent service's docs: no session needed. */
export default function AgentDocsLayout({ children }: { children: ReactNode }) {
  return (
    <DocsFrame
      home={{ href: '/agent/docs', label: 'Agent service reference home' }}
      navLabel="Agent service documentation"
      links={[
        { href: '/agent/docs', label: 'Agent API' },
        { href: '/agent/docs/errors', label: 'Errors' },
      ]}
      openApiHref="/agent/v1/openapi.json"
    >
      {children}
    </DocsFrame>
  );
}
