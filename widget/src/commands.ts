/** What a host page may ask of the widget (`window.AgentWidget`). */
export interface Commands {
  identify(getToken: () => Promise<string>): Promise<void>;
  logout(): Promise<void>;
}

type Command = [name: string, ...args: unknown[]];

/** `window.AgentWidget` once the widget is ready: the commands as methods, and `q.push` running them at once. */
export type AgentWidgetGlobal = Commands & { q: { push(...commands: Command[]): void } };

/**
 * Installs `target.AgentWidget`. A page that calls before the widget is ready pushes
 * `[name, ...args]` arrays onto `AgentWidget.q` (`window.AgentWidget = window.AgentWidget || {q: []}`);
 * they run now, in order. Afterwards `q.push` runs a command at once, so pushing always works,
 * and `AgentWidget.identify(…)` / `.logout()` may be called directly. Commands run one after
 * another, each after the previous one ended; an unknown command is logged and skipped.
 */
export function installCommands(target: { AgentWidget?: unknown }, commands: Commands): AgentWidgetGlobal {
  let last: Promise<unknown> = Promise.resolve();
  const run = (name: string, args: unknown[]): Promise<void> => {
    const command = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name as keyof Commands] : undefined;
    if (typeof command !== 'function') {
      // eslint-disable-next-line no-console -- the site owner's hint that a call did nothing
      console.warn(`[agent widget] unknown command: ${String(name)}`);
      return Promise.resolve();
    }
    const next = last.then(() => (command as (...a: unknown[]) => Promise<void>)(...args));
    last = next.catch(() => undefined);
    return next;
  };
  const queued = (target.AgentWidget as { q?: unknown } | undefined)?.q;
  const global: AgentWidgetGlobal = {
    identify: (getToken) => run('identify', [getToken]),
    logout: () => run('logout', []),
    q: {
      push(...pushed) {
        for (const [name, ...args] of pushed) void run(name, args);
      },
    },
  };
  target.AgentWidget = global;
  if (Array.isArray(queued)) global.q.push(...(queued as Command[]));
  return global;
}
