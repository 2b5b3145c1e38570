import { BlockList, isIP } from 'node:net';

/**
 * Whether `ip` is on an operator's allow-list of addresses and CIDR blocks (IPv4 or IPv6); an empty list
 * allows every address.
 */
export function isAllowedAddress(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of allowList) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list.check(ip, family);
}

/** Whether every entry is an address or a CIDR block, as the command that sets the list checks. */
export function isAllowListEntry(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const size = Number(bits);
  return /^\d+$/.test(bits) && size >= 0 && size <= (family === 6 ? 128 : 32);
}
