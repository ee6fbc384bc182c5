import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/**
 * Runs the processes of the product (web, worker, platform simulator, and the AI provider
 * simulator when asked for) under one supervisor: their output is prefixed (or written to log
 * files), Ctrl-C stops them all, and a process that dies on its own is reported and takes the
 * others down with it.
 */
export interface StackOptions {
  env: NodeJS.ProcessEnv;
  webPort: number;
  /** Write each process's output to `<logDir>/<name>.log` instead of the terminal. */
  logDir?: string;
  /** Processes started again when a signal kills them (tests kill the worker on purpose); any other exit is a crash. */
  restartWhenKilled?: string[];
  /** Also start the AI provider simulator (`simulator/ai/`) on this port, at this pace. */
  aiSimulator?: { port: number; ttftMs: number; tokenMs: number };
  /** Also start the demo shop (`simulator/shop/`): HTTPS on host:port with the development CA's certificate. */
  shopSimulator?: { host: string; port: number; certPath: string; keyPath: string };
}

const colours: Record<string, string> = { web: '36', worker: '35', simulator: '33', 'ai-simulator': '32', shop: '34' };

export interface Stack {
  /** Resolves when a process exits by itself: its name and exit code. */
  crashed: Promise<{ name: string; code: number | null }>;
  /** Process id of `web`, `worker`, `simulator` or `ai-simulator` (the current one, after a restart). */
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}

/**
 * How the web process is started, everywhere it is. Its young generation is larger than
 * Node's default: each of its many concurrent requests keeps objects alive across several
 * scavenges, whose copying was a tenth of the accept path's CPU (`npm run bench:send`: about
 * 8 % more sends/s, against some 100 MB more memory).
 */
export const webProcessArgs = ['--max-semi-space-size=64', '--import', 'tsx', 'server/http/serve.ts'];

export function startStack({ env, webPort, logDir, restartWhenKilled = [], aiSimulator, shopSimulator }: StackOptions): Stack {
  const tsx = ['--import', 'tsx'];
  // `BENCH_PROFILE_DIR=<dir>`: the web and worker processes write CPU profiles there when they stop.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const commands: Array<[string, string[], Record<string, string>]> = [
    ['simulator', [...tsx, 'simulator/main.ts'], { SERVICE_NAME: 'simulator' }],
    ['worker', [...profile, ...tsx, 'workers/main.ts'], { SERVICE_NAME: 'worker' }],
    ['web', [...profile, ...webProcessArgs], { SERVICE_NAME: 'web', PORT: String(webPort) }],
  ];
  if (aiSimulator) {
    const { port, ttftMs, tokenMs } = aiSimulator;
    const settings = { AI_SIMULATOR_PORT: String(port), SIM_TTFT_MS: String(ttftMs), SIM_TOKEN_MS: String(tokenMs) };
    commands.unshift(['ai-simulator', [...tsx, 'simulator/ai/main.ts'], { SERVICE_NAME: 'ai-simulator', ...settings }]);
  }
  if (shopSimulator) {
    const { host, port, certPath, keyPath } = shopSimulator;
    const settings = { SHOP_SIMULATOR_HOST: host, SHOP_SIMULATOR_PORT: String(port), SHOP_TLS_CERT: certPath, SHOP_TLS_KEY: keyPath };
    commands.unshift(['shop', [...tsx, 'simulator/shop/main.ts'], { SERVICE_NAME: 'shop', ...settings }]);
  }
  let stopping = false;
  const children = new Map<string, { child: ChildProcess; exited: Promise<number | null> }>();
  let reportCrash: (value: { name: string; code: number | null }) => void = () => {};
  const crashed = new Promise<{ name: string; code: number | null }>((resolve) => (reportCrash = resolve));

  function launch(name: string, args: string[], extraEnv: Record<string, string>): void {
    const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (logDir) {
      const file = createWriteStream(`${logDir}/${name}.log`, { flags: 'a' });
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    } else {
      const prefix = `\x1b[${colours[name]}m${name.padEnd(12)}|\x1b[0m `;
      for (const stream of [child.stdout, child.stderr]) {
        let buffered = '';
        stream?.on('data', (chunk: Buffer) => {
          const lines = (buffered + chunk.toString()).split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(prefix + line + '\n');
        });
      }
    }
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) => {
        resolve(code);
        if (stopping) return;
        if (signal && restartWhenKilled.includes(name)) {
          // Said out loud, so a kill nobody intended (say, out of memory) is not silent either.
          console.error(`${name} was killed by ${signal}; starting it again`);
          launch(name, args, extraEnv);
        } else reportCrash({ name, code });
      }),
    );
    children.set(name, { child, exited });
  }

  for (const [name, args, extraEnv] of commands) launch(name, args, extraEnv);

  return {
    crashed,
    pid: (name) => children.get(name)?.child.pid,
    async stop() {
      stopping = true;
      const running = [...children.values()];
      for (const { child } of running) if (child.exitCode === null) child.kill('SIGTERM');
      const timeout = setTimeout(() => running.forEach(({ child }) => child.kill('SIGKILL')), 35_000);
      await Promise.all(running.map((c) => c.exited));
      clearTimeout(timeout);
    },
  };
}

/** Polls the web app's health route until it answers 200. */
export async function waitForHealthy(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The stack did not become healthy in ${timeoutMs / 1000} s: ${last}`);
}
