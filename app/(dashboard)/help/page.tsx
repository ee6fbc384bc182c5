import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Panel } from '../_components/kit';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('help'))('title') };
}

const linkClass = 'font-medium text-brand-700 hover:underline';
const goingLiveSteps = ['connect', 'templates', 'team', 'agent', 'widget', 'apiKey'] as const;
const stepLinks: Record<(typeof goingLiveSteps)[number], string> = {
  connect: '/settings',
  templates: '/templates',
  team: '/settings',
  agent: '/agents',
  widget: '/agents/keys',
  apiKey: '/api-keys',
};

/** The two APIs' references and error pages (served by the app itself). */
const references = [
  {
    id: 'messaging',
    links: [
      { href: '/docs/api', label: 'reference' },
      { href: '/docs/errors', label: 'errors' },
    ],
  },
  {
    id: 'agent',
    links: [
      { href: '/agent/docs', label: 'reference' },
      { href: '/agent/docs/errors', label: 'errors' },
    ],
  },
] as const;

/** Where to learn the product: going live step by step, and the two API references with their error codes. */
export default async function HelpPage() {
  const { active } = await requireDashboard('/help');
  const t = await getTranslations('help');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      </PageHeader>
      <div className="mt-8 space-y-6">
        <Panel id="going-live" title={t('goingLive.title')} intro={t('goingLive.intro')}>
          <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-700">
            {goingLiveSteps.map((step) => (
              <li key={step}>
                <Link href={stepLinks[step]} className={linkClass}>
                  {t(`goingLive.steps.${step}.title`)}
                </Link>
                {' — '}
                {t(`goingLive.steps.${step}.body`)}
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm">
            <a href="/docs/going-live" className={linkClass}>
              {t('goingLive.guide')}
            </a>
          </p>
        </Panel>
        {references.map((reference) => (
          <Panel key={reference.id} id={reference.id} title={t(`${reference.id}.title`)} intro={t(`${reference.id}.intro`)}>
            <ul className="space-y-2 text-sm">
              {reference.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={linkClass}>
                    {t(`${reference.id}.${link.label}`)}
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
        ))}
      </div>
    </div>
  );
}
