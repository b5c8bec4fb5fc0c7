import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-guard.ts";
import { parseRetryAfter, resolveTarget } from "./transport.ts";

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.255.255.255",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.1.2.3",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "64:ff9b::a00:1",
    "64:ff9b:1::1",
    "100::1",
    "2001:db8::1",
    "2001::1",
    "2002:7f00:1::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "FE80::abcd",
    "fec0::1",
    "ff02::1",
    "not an address",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "192.167.1.1",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("resolveTarget", () => {
  const lookup = async (host: string) =>
    host === "two.example"
      ? [
          { address: "8.8.8.8", family: 4 },
          { address: "10.0.0.5", family: 4 },
        ]
      : [];

  it("refuses a name when any of its addresses is not public", async () => {
    await expect(resolveTarget("two.example", { allowPrivateTargets: false, lookup })).rejects.toThrow(
      "Refused: two.example resolves to 10.0.0.5, which is not a public address",
    );
  });

  it("allows every address when private targets are allowed", async () => {
    expect(await resolveTarget("two.example", { allowPrivateTargets: true, lookup })).toHaveLength(2);
    expect(await resolveTarget("127.0.0.1", { allowPrivateTargets: true, lookup })).toEqual([
      { address: "127.0.0.1", family: 4 },
    ]);
  });

  it("refuses a name with no addresses", async () => {
    await expect(resolveTarget("none.example", { allowPrivateTargets: true, lookup })).rejects.toThrow(
      "none.example has no addresses",
    );
  });
  it("reuses the system resolver's answer for a while, and checks it again at every use", async () => {
    const first = await resolveTarget("localhost", { allowPrivateTargets: true });
    expect(await resolveTarget("localhost", { allowPrivateTargets: true })).toBe(first);
    await expect(resolveTarget("localhost", { allowPrivateTargets: false })).rejects.toThrow(
      /^Refused: localhost resolves to .*, which is not a public address/,
    );
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-04-01T12:00:00Z");
  it("reads seconds and HTTP dates, and ignores anything else", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Tue, 01 Apr 2025 12:05:00 GMT", now)).toBe(300_000);
    expect(parseRetryAfter("Tue, 01 Apr 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
