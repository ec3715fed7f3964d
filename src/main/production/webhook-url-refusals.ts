import type { Refusal } from './refusal.ts';

/**
 * What X requires of a webhook URL (xdevplatform/docs@2871328, x-api/webhooks/introduction.mdx
 * "Webhook requirements" and quickstart.mdx "URL requirements"): https, reachable from the
 * internet, and no port, not even :443 ("https://mydomain.com:5000/webhook will not work").
 * X answers such a registration `UrlValidationFailed`; refused here, at start, it costs no
 * silent fall-back to polling.
 */
export function webhookUrlRefusals(url: string): Refusal[] {
  const refuse = (problem: string): Refusal => ({
    setting: 'X_WEBHOOK_URL',
    problem,
    fix: 'the public https:// URL of /api/x/webhook, without a port (X refuses a port)',
  });
  if (!/^https:\/\//i.test(url)) return [refuse('not https (X only calls https)')];
  // The authority as written: new URL() drops a default port (:443), which X still refuses.
  const hostAndPort = url.slice(8).split(/[/?#]/)[0]!.split('@').pop()!;
  if (/:\d*$/.test(hostAndPort.replace(/^\[[^\]]*\]/, ''))) {
    return [refuse(`includes a port (${hostAndPort})`)];
  }
  const host = hostAndPort.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^(127\.|0\.0\.0\.0$|::1$)/.test(host)
  ) {
    return [refuse(`not reachable from the internet (${host})`)];
  }
  return [];
}
