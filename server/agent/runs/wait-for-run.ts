import { db, type AgentRun } from '@/server/db';
import { listenToChannel } from '@/server/live/live-subscriber';
import { runChannel, terminalRunEvents } from './run-stream';

const settled = (status: string) => status !== 'queued' && status !== 'in_progress';

/** Resolves once the run ends or waits for tool outputs, or after `ms`. */
export async function waitForRun(run: AgentRun, ms: number): Promise<void> {
  let done = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const unlisten = await listenToChannel(runChannel(run.id), (message) => {
    if (message.event && (terminalRunEvents.has(message.event) || message.event === 'run.requires_action')) done();
  });
  const timer = setTimeout(done, ms);
  try {
    const now = await db.agentRun.findUniqueOrThrow({ where: { id: run.id }, select: { status: true } });
    if (settled(now.status)) return;
    await finished;
  } finally {
    clearTimeout(timer);
    unlisten();
  }
}
