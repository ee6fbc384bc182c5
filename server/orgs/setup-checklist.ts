/**
 * The setup checklist's steps, in the order a new organization takes them, and where each is
 * done. Pure: `setup-progress.ts` reads whether each is done from the database.
 */
export const setupSteps = [
  { id: 'connect', href: '/settings#accounts-heading' },
  { id: 'templates', href: '/templates' },
  { id: 'team', href: '/settings#members-heading' },
  { id: 'agent', href: '/agents' },
  { id: 'widget', href: '/agents/keys' },
  { id: 'apiKey', href: '/api-keys' },
] as const;

export type SetupStepId = (typeof setupSteps)[number]['id'];

/** Whether each step is done, as the organization's data says. */
export type SetupSignals = Record<SetupStepId, boolean>;

export interface SetupChecklist {
  steps: Array<{ id: SetupStepId; href: string; done: boolean }>;
  done: number;
  total: number;
  /** The first step not done yet, which the checklist puts forward; null once all are. */
  next: SetupStepId | null;
  dismissed: boolean;
  /** Shown: some step is left and nobody put the checklist away. */
  open: boolean;
}

export function checklistOf(signals: SetupSignals, dismissedAt: Date | null): SetupChecklist {
  const steps = setupSteps.map((step) => ({ ...step, done: signals[step.id] }));
  const done = steps.filter((step) => step.done).length;
  const dismissed = dismissedAt !== null;
  return {
    steps,
    done,
    total: steps.length,
    next: steps.find((step) => !step.done)?.id ?? null,
    dismissed,
    open: done < steps.length && !dismissed,
  };
}
