import { z } from 'zod';
import { escapeHtml } from './x/web/html.ts';

/** The part of the product's public `GET /api/agent/status` this page shows. */
const statusBody = z.object({
  handle: z.string(),
  health: z.object({
    state: z.string(),
    reason: z.string(),
    until: z.string().nullable(),
    lastReadAgeSeconds: z.number().nullable(),
    oldestUnansweredAgeSeconds: z.number().nullable(),
  }),
  rateLimits: z.object({
    mentions: z.object({ remaining: z.number(), limit: z.number() }).nullable(),
  }),
});

export function formatAge(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/**
 * The agent's status on `/sandbox`, read from the product's public status endpoint in-process
 * (the same numbers /status shows, computed in src/agent/status). Going through the public API
 * keeps the sandbox free of product imports (decision 0008) and shows what any client sees.
 */
export function agentStatusSection(opts: {
  publicUrl: string;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}) {
  const notRunning = '<p>The agent is not running on this server.</p>';
  return async (): Promise<string> => {
    const res = await opts
      .fetch?.(`${opts.publicUrl}/api/agent/status`, { signal: AbortSignal.timeout(3000) })
      .catch(() => null);
    const parsed = res?.ok ? statusBody.safeParse(await res.json().catch(() => null)) : null;
    const body = parsed?.success ? parsed.data : null;
    if (!body) return `<h2>Agent</h2>${notRunning}`;
    const h = body.health;
    const age = (s: number | null, none: string) => (s === null ? none : `${formatAge(s)} ago`);
    const reads = body.rateLimits.mentions;
    const rows: [string, string][] = [
      [
        'State',
        `<strong data-state="${escapeHtml(h.state)}">${escapeHtml(h.state)}</strong>: ${escapeHtml(h.reason)}`,
      ],
      ...(h.until
        ? [
            ['Until', `<time datetime="${escapeHtml(h.until)}">${escapeHtml(h.until)}</time>`] as [
              string,
              string,
            ],
          ]
        : []),
      ['Last read', escapeHtml(age(h.lastReadAgeSeconds, 'never'))],
      [
        'Oldest unanswered post',
        escapeHtml(
          h.oldestUnansweredAgeSeconds === null
            ? 'none waiting'
            : `posted ${age(h.oldestUnansweredAgeSeconds, '')}`,
        ),
      ],
      ['Mention reads left', escapeHtml(reads ? `${reads.remaining} / ${reads.limit}` : 'unknown')],
    ];
    const list = rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
    return `<h2>Agent @${escapeHtml(body.handle)}</h2><dl class="status">${list}</dl><p><a href="/status">Full status</a></p>`;
  };
}
