import type { ReactNode } from 'react';
import { DocsFrame } from './_components/docs-frame';

/** Public frame of the messaging API's docs: no session needed, unlike the dashboard. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <DocsFrame
      home={{ href: '/docs/api', label: 'API reference home' }}
      navLabel="Documentation"
      links={[
        { href: '/docs/api', label: 'API' },
        { href: '/docs/errors', label: 'Errors' },
        { href: '/docs/going-live', label: 'Going live' },
      ]}
      openApiHref="/v1/openapi.json"
    >
      {children}
    </DocsFrame>
  );
}
