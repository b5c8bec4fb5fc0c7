/** The most calls one group carries: one statement's worth of rows. */
const MAX_GROUP = 200;

type Waiting<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * Calls that arrive while the previous group runs go together as the next group: under load many
 * callers share one statement (one round trip, one commit), and a lone call waits for nothing but
 * the end of the current tick, so calls made together (a claim's jobs starting) start together.
 * `run` answers each input in order; its failure rejects every call of the group, each of which
 * then fails as it would have alone.
 */
export function groupedCalls<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  maxGroup = MAX_GROUP,
): (input: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let running = false;
  const next = (): void => {
    if (waiting.length === 0) {
      running = false;
      return;
    }
    const group = waiting.splice(0, maxGroup);
    Promise.resolve()
      .then(() => run(group.map((call) => call.input)))
      .then(
        (outputs) => {
          for (const [i, call] of group.entries()) call.resolve(outputs[i]!);
        },
        (error) => {
          for (const call of group) call.reject(error);
        },
      )
      .finally(next);
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (running) return;
      running = true;
      queueMicrotask(next);
    });
}
