import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Where pushes may be sent. A subscription's endpoint comes from the browser, so it is input: left
 * unchecked, "send a push" would make the server POST to any address a player names, including the
 * internal network (SSRF). An endpoint is accepted only when it is https on a known push service
 * (PUSH_SERVICE_HOSTS: the host or a subdomain of it), and the delivery connects only to public
 * addresses whatever the name resolves to at that moment (no redirects followed). Tests and local
 * development may allow a push-service stand-in on this machine (PUSH_LOOPBACK_SERVICE), plain http
 * included; production configuration refuses that setting.
 */
export interface PushEndpointPolicy {
  hosts: readonly string[];
  loopback: boolean;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function pushEndpointAllowed(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.loopback && loopbackHosts.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:';
  }
  if (url.protocol !== 'https:' || isIP(url.hostname) || url.hostname.startsWith('[')) return false;
  if (url.port && url.port !== '443') return false;
  const host = url.hostname.toLowerCase();
  return policy.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** Addresses a push is never delivered to (private, loopback, link-local, unique-local, reserved). */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  return internal.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** A DNS lookup for the delivery's connection that refuses internal addresses (checked at connect time). */
function publicLookup(
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const usable = addresses.filter((entry) => !isInternalAddress(entry.address));
    if (usable.length === 0) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to an internal address`), {
        code: 'EPUSHINTERNAL',
      });
      return callback(refused, []);
    }
    if (options.all) return callback(null, usable);
    const first = usable[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** The push service's answer: its status and (short) body, for the log. */
export interface PushAnswer {
  status: number;
  body: string;
}

/**
 * POSTs a push request (headers and encrypted body made by web-push) to the subscription's endpoint.
 * Rejects when no answer came (network failure, time-out, refused address).
 */
export function deliverPush(
  request: PushRequest,
  policy: PushEndpointPolicy,
  timeoutMs = 10_000,
): Promise<PushAnswer> {
  if (!pushEndpointAllowed(request.endpoint, policy)) {
    return Promise.reject(new Error('push endpoint not allowed'));
  }
  const url = new URL(request.endpoint);
  const loopback = policy.loopback && loopbackHosts.has(url.hostname);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        timeout: timeoutMs,
        // A stand-in on this machine is reached directly; anything else only at a public address.
        ...(loopback ? {} : { lookup: publicLookup as never }),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 4096) chunks.push(chunk);
        });
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 500),
          }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service did not answer in time')));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
