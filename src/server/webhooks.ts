// "Your turn" webhooks (docs/server.md "Security"): a JSON POST to http(s) on public addresses only, checked when the
// URL is set, again after name resolution (every address) and at connect time (the socket goes to the address that
// was checked); no redirect is followed, each target has a rate cap, and the log names only the target's origin.
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RateLimiter, type BucketConfig } from './rate-limit.ts';

export interface WebhookPolicy {
  /** Self-hosters' LAN webhooks: private, loopback and link-local addresses allowed (THEATER_WEBHOOK_PRIVATE=1). */
  allowPrivate?: boolean;
  /** Posts per target (host and port): default a burst of 5, then one every 2 s. */
  perTarget?: BucketConfig;
}

const PER_TARGET: BucketConfig = { burst: 5, perSecond: 0.5 };

/** IPv4 ranges that are not the public internet, with what they are. */
const V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'a "this network" address'], ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'], ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives there)'], ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'], ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'], ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'], ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'], ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

function v4Number(a: string): number {
  return a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Problem(n: number): string | null {
  for (const [base, bits, what] of V4) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((n & mask) >>> 0) === v4Number(base)) return what;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null when it is not one. */
function v6Groups(a: string): number[] | null {
  let s = a.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = v4Number(tail[1]!);
    s = s.slice(0, -tail[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split('::');
  const parse = (x: string | undefined) => (x ? x.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head), r = parse(rest);
  const groups = rest === undefined ? h : [...h, ...Array<number>(8 - h.length - r.length).fill(0), ...r];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Why a webhook may not be posted to `address` (an IP), or null when it is a public address. */
export function nonPublicAddress(address: string): string | null {
  if (isIP(address) === 4) return v4Problem(v4Number(address));
  const g = v6Groups(address);
  if (!g) return 'not an IP address';
  const v4At = (i: number) => ((g[i]! << 16) | g[i + 1]!) >>> 0;
  if (g.every((x) => x === 0)) return 'the unspecified address';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'a loopback address';
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:ab:cd::)
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return v4Problem(v4At(6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Problem(v4At(6));
  if (g[0] === 0x2002) return v4Problem(v4At(1));
  if (g[0] === 0x2001 && g[1] === 0) return 'a Teredo address';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'a documentation address';
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return 'a discard address';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'a private (unique local) address';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((g[0]! & 0xff00) === 0xff00) return 'a multicast address';
  return null;
}

/** The URL as the log may show it: its origin, never credentials, path or query (a Discord webhook's path is its key). */
export function webhookTarget(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Why a webhook URL can never be posted to (not http(s), a host that is a non-public address or localhost), or null.
 * Names that resolve to non-public addresses are caught when posting.
 */
export function webhookUrlProblem(url: string, policy: WebhookPolicy = {}): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'the webhook must be an http(s) URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'the webhook must be an http(s) URL';
  if (policy.allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `webhook host ${host} is this machine; webhooks go to public addresses only`;
  if (isIP(host)) {
    const why = nonPublicAddress(host);
    if (why) return `webhook host ${u.hostname} is ${why}; webhooks go to public addresses only`;
  }
  return null;
}

/** A name's addresses (node's DNS resolver; tests give their own). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

/** Posts "your turn" webhooks for the server (notifications.ts). */
export class WebhookSender {
  private readonly buckets: RateLimiter;

  constructor(
    private readonly policy: WebhookPolicy, private readonly timeoutMs: number, private readonly log: (msg: string) => void,
    private readonly resolve: Resolve = (host) => lookup(host, { all: true }),
  ) {
    this.buckets = new RateLimiter(policy.perTarget ?? PER_TARGET);
  }

  /** POST `{content}` as JSON. Never throws: what went wrong is logged with the target's origin only. */
  async post(url: string, content: string): Promise<void> {
    const target = webhookTarget(url);
    const refuse = (why: string) => this.log(`webhook ${target}: not sent: ${why}`);
    const problem = webhookUrlProblem(url, this.policy);
    if (problem) return refuse(problem);
    const u = new URL(url);
    if (!this.buckets.take(u.host.toLowerCase())) return refuse('over the rate cap for this target');
    const host = u.hostname.replace(/^\[|\]$/g, '');
    let address: { address: string; family: number };
    try {
      const all = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
      if (all.length === 0) return refuse(`${host} has no address`);
      if (!this.policy.allowPrivate) {
        for (const a of all) {
          const why = nonPublicAddress(a.address);
          if (why) return refuse(`${host} resolves to ${a.address}, ${why}; webhooks go to public addresses only`);
        }
      }
      address = all[0]!;
    } catch (e) {
      return refuse(`${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    // The connection goes to the address checked above, whatever the name resolves to by then.
    const pinned: LookupFunction = (_name, opts, cb) => {
      if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
      else cb(null, address.address, address.family);
    };
    const body = JSON.stringify({ content });
    await new Promise<void>((resolve) => {
      const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, {
        method: 'POST', lookup: pinned, signal: AbortSignal.timeout(this.timeoutMs),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      }, (res: IncomingMessage) => {
        res.resume();
        const code = res.statusCode ?? 0;
        if (code >= 300 && code < 400) this.log(`webhook ${target}: HTTP ${code}; redirects are not followed`);
        else if (code < 200 || code >= 300) this.log(`webhook ${target}: HTTP ${code}`);
        res.on('end', resolve);
        res.on('error', () => resolve());
      });
      req.on('error', (e) => {
        this.log(`webhook ${target}: ${(e as NodeJS.ErrnoException).code ?? e.name}`);
        resolve();
      });
      req.end(body);
    });
  }
}
