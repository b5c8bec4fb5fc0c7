import { describe, expect, it } from "vitest";
import { groupedCalls } from "./grouped.ts";

/** A run that records its groups and finishes when told to. */
function recordingRun() {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: number[]) => {
    groups.push(inputs);
    return new Promise<string[]>((resolve) => pending.push(() => resolve(inputs.map((i) => `#${i}`))));
  };
  const finishOne = async () => {
    await new Promise((r) => setImmediate(r));
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { run, groups, finishOne };
}

describe("grouped calls", () => {
  it("calls made in one tick go as one group; each caller gets its own answer", async () => {
    const { run, groups, finishOne } = recordingRun();
    const call = groupedCalls(run);
    const answers = Promise.all([call(1), call(2), call(3)]);
    await finishOne();
    expect(await answers).toEqual(["#1", "#2", "#3"]);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it("calls arriving while a group runs wait for it and then go together, capped per group", async () => {
    const { run, groups, finishOne } = recordingRun();
    const call = groupedCalls(run, 2);
    const first = call(1);
    await new Promise((r) => setImmediate(r));
    const later = [call(2), call(3), call(4)];
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([[1]]);
    await finishOne();
    expect(await first).toBe("#1");
    expect(groups).toEqual([[1], [2, 3]]);
    await finishOne();
    await finishOne();
    expect(await Promise.all(later)).toEqual(["#2", "#3", "#4"]);
    expect(groups).toEqual([[1], [2, 3], [4]]);
  });

  it("a failed group rejects each of its calls, and the next group still runs", async () => {
    let fail = true;
    const call = groupedCalls(async (inputs: number[]) => {
      if (fail) {
        fail = false;
        throw new Error("the database went away");
      }
      return inputs.map((i) => i * 10);
    });
    const failed = [call(1), call(2)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(failed)).toEqual(["the database went away", "the database went away"]);
    expect(await call(3)).toBe(30);
  });

  it("a run that throws at once rejects its calls instead of stalling the ones after", async () => {
    let calls = 0;
    const call = groupedCalls((inputs: number[]) => {
      calls++;
      if (calls === 1) throw new Error("bad statement");
      return Promise.resolve(inputs);
    });
    await expect(call(1)).rejects.toThrow("bad statement");
    expect(await call(2)).toBe(2);
  });
});
