import { BlockList, isIP } from 'node:net';

export const MAX_ALLOWLIST_ENTRIES = 20;

/** The observed address with IPv4-mapped IPv6 (::ffff:a.b.c.d) reduced to IPv4. */
export function normaliseAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

/** Compiles IPv4/IPv6 addresses and CIDR ranges (at most 20) with node's BlockList. */
export function compileAllowlist(entries: readonly string[]): BlockList {
  if (entries.length > MAX_ALLOWLIST_ENTRIES) throw new RangeError(`an allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries`);
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', prefixText] = entry.split('/');
    const family = isIP(addr);
    if (family === 0) throw new RangeError(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) { list.addAddress(addr, type); continue; }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) throw new RangeError(`"${entry}" has an invalid prefix length`);
    list.addSubnet(addr, prefix, type);
  }
  return list;
}

export function addressAllowed(list: BlockList, address: string): boolean {
  const addr = normaliseAddress(address);
  const family = isIP(addr);
  if (family === 0) return false;
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}
