'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useTRPC } from '@/app/_trpc/trpc';
import { buttonClasses, EmptyState } from '@/app/(dashboard)/_components/kit';

/** An organization without campaigns: start the first, or (with no approved template to send) get one first. */
export function FirstCampaign() {
  const t = useTranslations('campaigns.list');
  const trpc = useTRPC();
  const templates = useQuery(trpc.templates.list.queryOptions());
  if (templates.isPending) return null;
  // A failed read says nothing about templates: the campaign form tells what is missing.
  const noTemplate = templates.isSuccess && !templates.data.some((template) => template.status === 'APPROVED');
  const [text, action, href] = noTemplate
    ? [t('emptyNoTemplate'), t('emptyNoTemplateAction'), '/templates']
    : [t('emptyFirst'), t('emptyFirstAction'), '/campaigns/new'];
  return (
    <EmptyState
      text={text}
      action={
        <Link href={href} className={buttonClasses({ variant: 'primary' })}>
          {action}
        </Link>
      }
    />
  );
}
