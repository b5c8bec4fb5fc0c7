import { expect, it } from "vitest";
import { useCliSandbox } from "./cli-runner.ts";

const { weft } = useCliSandbox("processors-cli");

it("weft processors create-secret prints a processor's secret once, as one JSON object with --json", {
  timeout: 120_000,
}, async () => {
  const env = JSON.parse(
    (await weft(["env", "create", "--name", "Sandbox", "--mode", "SANDBOX", "--json"])).stdout,
  );
  const created = await weft([
    "processors",
    "create-secret",
    "--env",
    env.environment.id,
    "--processor",
    "stripe",
    "--json",
  ]);
  expect(created.code).toBe(0);
  expect(JSON.parse(created.stdout)).toEqual({
    processorSecret: {
      id: expect.stringMatching(/^psec_[0-9a-z]{26}$/),
      environmentId: env.environment.id,
      processor: "STRIPE",
      secret: expect.stringMatching(/^weft_psec_[A-Za-z0-9_-]{43}$/),
    },
  });
  const text = await weft([
    "processors",
    "create-secret",
    "--env",
    env.environment.id,
    "--processor",
    "MOCK",
  ]);
  expect(text.stdout).toMatch(/^Created processor secret psec_[0-9a-z]{26} for MOCK in env_/);
  expect(text.stdout).toMatch(/Secret \(shown only now\): weft_psec_/);

  const unsupported = await weft([
    "processors",
    "create-secret",
    "--env",
    env.environment.id,
    "--processor",
    "ACME",
  ]);
  expect(unsupported.code).toBe(64);
  expect(unsupported.stderr).toMatch(/--processor ACME is not supported; one of ACHQ, /);
  const noEnv = await weft(["processors", "create-secret", "--processor", "STRIPE", "--json"]);
  expect(noEnv.code).toBe(64);
  expect(JSON.parse(noEnv.stdout)).toEqual({ error: { message: "Missing --env" } });
  const unknownEnv = await weft([
    "processors",
    "create-secret",
    "--env",
    "env_nope",
    "--processor",
    "STRIPE",
  ]);
  expect(unknownEnv.stderr).toMatch(/No environment env_nope/);
});
