import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook must never reach unless private targets are allowed: anything that is not
 * the public internet (RFC 6890 special-purpose registries), so a subscription cannot be used to
 * probe the platform's own network (SSRF).
 */
const NON_PUBLIC: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"], // "this network"
  ["10.0.0.0", 8, "ipv4"], // private
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["127.0.0.0", 8, "ipv4"], // loopback
  ["169.254.0.0", 16, "ipv4"], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12, "ipv4"], // private
  ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
  ["192.0.2.0", 24, "ipv4"], // documentation
  ["192.88.99.0", 24, "ipv4"], // 6to4 relay anycast
  ["192.168.0.0", 16, "ipv4"], // private
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["198.51.100.0", 24, "ipv4"], // documentation
  ["203.0.113.0", 24, "ipv4"], // documentation
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved, and 255.255.255.255 broadcast
  ["::", 96, "ipv6"], // unspecified, loopback ::1, IPv4-compatible
  ["::ffff:0:0:0", 96, "ipv6"], // IPv4-translated
  ["64:ff9b:1::", 48, "ipv6"], // local-use NAT64
  ["100::", 64, "ipv6"], // discard
  ["2001::", 23, "ipv6"], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32, "ipv6"], // documentation
  ["2002::", 16, "ipv6"], // 6to4: embeds an IPv4 address we cannot vouch for
  ["fc00::", 7, "ipv6"], // unique local
  ["fe80::", 10, "ipv6"], // link-local
  ["fec0::", 10, "ipv6"], // site-local (deprecated)
  ["ff00::", 8, "ipv6"], // multicast
];

const blockList = new BlockList();
for (const [network, prefix, family] of NON_PUBLIC) blockList.addSubnet(network, prefix, family);

/** IPv6 forms that embed an IPv4 address, which must be judged as that IPv4 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for this machine's own addresses: 127.0.0.0/8 and ::1, in any spelling (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 4 ? address : embeddedIpv4(address);
  if (v4) return v4.startsWith("127.");
  return address === "::1" || /^(0{1,4}:){7}0{0,3}1$/.test(address);
}

/** True when the address is on the public internet; false for private, loopback, link-local etc. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blockList.check(address, "ipv4");
  const v4 = embeddedIpv4(address);
  if (v4) return !blockList.check(v4, "ipv4");
  return !blockList.check(address, "ipv6");
}
