import type { ReactNode } from 'react';

export interface NavItem {
  href: string;
  /** Its name's key in the `shell.nav` messages. */
  labelKey: 'getStarted' | 'inbox' | 'campaigns' | 'templates' | 'contacts' | 'reports' | 'agents' | 'webhooks' | 'apiKeys' | 'settings' | 'help';
  icon: ReactNode;
  /** Shown only while the organization's setup checklist is open (server/orgs/setup-checklist.ts). */
  whileSetupOpen?: true;
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" className="size-5 shrink-0">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

/** The dashboard's sections, in sidebar order. */
export const navItems: NavItem[] = [
  {
    href: '/get-started',
    labelKey: 'getStarted',
    whileSetupOpen: true,
    icon: <Icon d="M9 11.5l2 2 4-4M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-13Z" />,
  },
  { href: '/inbox', labelKey: 'inbox', icon: <Icon d="M3 13h4.5l1.5 3h6l1.5-3H21M5.2 5h13.6L21 13v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5l2.2-8Z" /> },
  { href: '/campaigns', labelKey: 'campaigns', icon: <Icon d="M4 10v4a1 1 0 0 0 1 1h2l6 4V5L7 9H5a1 1 0 0 0-1 1Zm13-1.5a4.5 4.5 0 0 1 0 7" /> },
  {
    href: '/templates',
    labelKey: 'templates',
    icon: <Icon d="M7 4h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm2 4h6m-6 4h6m-6 4h3" />,
  },
  {
    href: '/contacts',
    labelKey: 'contacts',
    icon: (
      <Icon d="M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m6.5-9a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 19v-1a4 4 0 0 0-3-3.9M15.5 3.1a3.5 3.5 0 0 1 0 6.8" />
    ),
  },
  { href: '/reports', labelKey: 'reports', icon: <Icon d="M4 20h16M7 16v-5m5 5V7m5 9v-8" /> },
  {
    href: '/agents',
    labelKey: 'agents',
    icon: <Icon d="M12 3v3m-6 3h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2Zm3 5h.01M15 14h.01M9.5 17.5h5" />,
  },
  {
    href: '/webhooks',
    labelKey: 'webhooks',
    icon: <Icon d="M10 14a4 4 0 0 0 5.7.3l3-3a4 4 0 0 0-5.7-5.6l-1.2 1.1M14 10a4 4 0 0 0-5.7-.3l-3 3a4 4 0 0 0 5.7 5.6l1.2-1.1" />,
  },
  { href: '/api-keys', labelKey: 'apiKeys', icon: <Icon d="M15 7a3 3 0 1 1-2.6 4.5L4 20H2v-2l1-1h2v-2h2l3.5-3.5A3 3 0 0 1 15 7Zm1.5 1.5h.01" /> },
  {
    href: '/settings',
    labelKey: 'settings',
    icon: (
      <Icon d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.5 7.5 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.4 7.4 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.4 7.4 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z" />
    ),
  },
  {
    href: '/help',
    labelKey: 'help',
    icon: <Icon d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3m.1 4h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />,
  },
];
