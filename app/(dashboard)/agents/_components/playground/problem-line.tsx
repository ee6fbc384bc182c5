'use client';

import { useTranslations } from 'next-intl';
import { Bidi } from '@/app/_components/bidi';
import { Alert } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../../_components/use-format-time';
import { NETWORK_FAILURE } from '../playground-transport';

export interface Problem {
  code: string;
  message: string;
  /** When a limit resets (now + Retry-After). */
  resetsAt: Date | null;
}

/** A refusal before any run: the playground limit with the time it resets, a draft the role may not test, or the service's words. */
export function ProblemLine({ problem }: { problem: Problem }) {
  const t = useTranslations('agents.builder.playground');
  const formatTime = useFormatTime();
  let text: string;
  if (problem.code === 'playground_limit_reached')
    text = problem.resetsAt ? t('limitReached', { time: formatTime(problem.resetsAt) }) : t('limitReachedNoTime');
  else if (problem.code === 'draft_not_allowed' || problem.code === 'permission_denied') text = t('notAllowed');
  else if (problem.code === NETWORK_FAILURE) text = t('runErrors.network_failure');
  else text = problem.message || t('runErrors.unknown');
  return (
    <Alert look="box" className="text-sm" data-testid="playground-problem">
      {/* The service's words may be English in an Arabic page: isolated, they keep their own direction. */}
      <Bidi text={text} />
    </Alert>
  );
}
