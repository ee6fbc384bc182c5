import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { AgentCallError, cancelPlaygroundRun, NETWORK_FAILURE, startPlaygroundSession, streamPlaygroundMessage } from '../playground-transport';
import { applyRunEvent, isSettled, newReply, type ReplyTurn, type Turn } from '../playground-turns';
import type { Problem } from './problem-line';

/**
 * A playground conversation's state and its actions: sending the member's message (opening the
 * session on the first), reading the reply's stream into its turn, stopping a run and starting
 * over. A refusal before any run gives the message back with why; `announcement` is what a
 * screen reader is told.
 */
export function usePlaygroundRun({ projectId, agentId }: { projectId: string; agentId: string }) {
  const t = useTranslations('agents.builder.playground');
  const language = useLocale();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<AbortController | null>(null);
  const counter = useRef(0);
  const runId = useRef<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Leaving the page stops reading the stream (the run itself ends on the server).
  useEffect(() => () => abort.current?.abort(), []);

  const updateReply = (key: string, change: (reply: ReplyTurn) => ReplyTurn) =>
    setTurns((list) => list.map((turn) => (turn.kind === 'reply' && turn.key === key ? change(turn) : turn)));

  const send = async () => {
    const text = input.trim();
    if (!text || busy) return;
    const controller = new AbortController();
    abort.current = controller;
    const call = { projectId, language, signal: controller.signal };
    counter.current += 1;
    const key = `turn-${counter.current}`;
    setProblem(null);
    setBusy(true);
    setAnnouncement(t('answering'));
    setTurns((list) => [...list, { kind: 'user', key: `${key}-user`, text }, newReply(key)]);
    setInput('');
    runId.current = null;
    let last: ReplyTurn = newReply(key);
    try {
      let session = sessionId;
      if (!session) {
        session = (await startPlaygroundSession(agentId, call)).id;
        setSessionId(session);
      }
      await streamPlaygroundMessage(session, text, call, (event) => {
        last = applyRunEvent(last, event);
        runId.current = last.runId;
        const next = last;
        updateReply(key, () => next);
      });
      // A run paused for client tools cannot go on here: stop it so the conversation can.
      if (last.status === 'requires_action' && last.runId) await cancelPlaygroundRun(last.runId, call).catch(() => undefined);
      if (!isSettled(last) && !last.error) {
        const cut = { ...last, error: { code: NETWORK_FAILURE, message: '' } };
        updateReply(key, () => cut);
      }
      setAnnouncement(last.status === 'completed' ? t('answered') : t('runEnded'));
    } catch (error) {
      if (controller.signal.aborted) {
        updateReply(key, (reply) => (isSettled(reply) ? reply : { ...reply, status: 'cancelled' }));
        setAnnouncement(t('stopped'));
      } else {
        // Refused before any run started: the message did not count; show why and give it back.
        setTurns((list) => list.filter((turn) => turn.key !== key && turn.key !== `${key}-user`));
        setInput(text);
        const refused = error instanceof AgentCallError ? error : new AgentCallError('internal_error', '', null);
        setProblem({
          code: refused.code,
          message: refused.message,
          resetsAt: refused.retryAfterSeconds === null ? null : new Date(Date.now() + refused.retryAfterSeconds * 1000),
        });
        setAnnouncement('');
      }
    } finally {
      abort.current = null;
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const stop = () => {
    const running = runId.current;
    abort.current?.abort();
    if (running) void cancelPlaygroundRun(running, { projectId, language }).catch(() => undefined);
  };

  const startOver = () => {
    if (busy) stop();
    setSessionId(null);
    setTurns([]);
    setProblem(null);
    setAnnouncement(t('newStarted'));
    inputRef.current?.focus();
  };

  return { sessionId, turns, input, setInput, busy, problem, announcement, inputRef, send, stop, startOver };
}
