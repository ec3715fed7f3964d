import type { Refusal } from './refusal.ts';

/**
 * A URL as the server that receives it reads it (decision 0049): scheme and host case-folded and
 * the host's numeric forms normalised by the WHATWG parser (`HTTP://LOCALHOST.`, `127.1`), the
 * path percent-decoded until it stops changing (`/sand%62ox/`, `/sand%2562ox/`) and case-folded,
 * since a proxy in front may not be case-sensitive. Null for what is not an http(s) URL.
 */
export function readUrl(value: string): { host: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  let path = url.pathname;
  for (let i = 0; i < 5; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  return {
    host,
    path: path
      .replace(/\\/g, '/')
      .replace(/\/{2,}/g, '/')
      .toLowerCase(),
  };
}

/** localhost, loopback and unspecified addresses: only the sandbox's twins live there. */
export function isLocalHost(host: string) {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    /^::ffff:(127\.|7f)/.test(host)
  );
}

/**
 * Services that are never on the operator's machine (X, Digital Evidence, Polymarket, the market
 * data API) and the site's own origin (X_WEBHOOK_URL has its own check): a local host there is a twin or a stand-in. Nodes,
 * the RPC and the LLM may run locally.
 */
const HOSTED_ELSEWHERE =
  /^(PUBLIC_URL|X_(?!WEBHOOK)\w+_URL|DIGITAL_EVIDENCE_URL|POLYMARKET_\w+_URL|MARKET_\w*URL)$/;

/** A setting's URL that points at a local twin's mount (…/sandbox/…) or, for a hosted service, this machine. */
export function sandboxUrlRefusal(setting: string, value: string): Refusal | null {
  const url = readUrl(value);
  if (!url) return null;
  if (/\/sandbox(\/|$)/.test(url.path)) {
    return { setting, problem: `points at a local twin (${value})`, fix: 'the real service URL' };
  }
  if (HOSTED_ELSEWHERE.test(setting) && isLocalHost(url.host)) {
    return {
      setting,
      problem: `points at this machine (${value}), where only the sandbox's twins run`,
      fix: 'the real service URL',
    };
  }
  return null;
}
