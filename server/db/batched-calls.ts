interface Call<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Lets concurrent callers share runs of `work`, which takes all their inputs at once (one SQL
 * statement for many jobs, say). Calls made in the same turn of the event loop, or while
 * `maxRunning` runs are under way, go together in the next run: under load one run serves many
 * callers, while a lone call waits for nothing. Every caller of a run gets its whole output
 * and picks its own part. A run that fails is made again call by call, so a bad input fails
 * only its own caller.
 */
export function batchedCalls<I, O>(work: (inputs: I[]) => Promise<O>, maxRunning: number): (input: I) => Promise<O> {
  let waiting: Array<Call<I, O>> = [];
  let running = 0;
  let scheduled = false;

  const settle = async (calls: Array<Call<I, O>>): Promise<void> => {
    const output = await work(calls.map((call) => call.input));
    for (const call of calls) call.resolve(output);
  };
  const settleOneByOne = async (calls: Array<Call<I, O>>, error: unknown): Promise<void> => {
    if (calls.length === 1) calls[0]?.reject(error);
    else await Promise.all(calls.map((call) => settle([call]).catch(call.reject)));
  };

  function runWaiting(): void {
    scheduled = false;
    while (running < maxRunning && waiting.length > 0) {
      const calls = waiting;
      waiting = [];
      running += 1;
      settle(calls)
        .catch((error: unknown) => settleOneByOne(calls, error))
        .finally(() => {
          running -= 1;
          runWaiting();
        });
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(runWaiting);
      }
    });
}
