import { Card, CardDescription } from '@/web/components/ui/card';
import { useAgentStatus } from '@/web/features/agent/api/agent-api';

const age = (s: number | null) =>
  s === null ? 'nothing waiting' : s < 60 ? `${s} s` : `${Math.round(s / 60)} min`;
const ago = (s: number | null) => (s === null ? 'never' : `${age(s)} ago`);
const STATE_COLOR = {
  running: 'text-emerald-400',
  throttled: 'text-amber-400',
  degraded: 'text-orange-400',
  stalled: 'text-red-400',
} as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : 'never');

/** /status: is the agent reading posts, keeping up, and within X's limits. Public. */
export default function StatusPage() {
  const status = useAgentStatus();
  const s = status.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Agent status</h1>
        {/* Static, so the server renders it: the page reads at once, before its figures load. */}
        <p className="mt-2 text-slate-400">
          Whether the agent is reading its mentions, keeping up with them and staying within X's
          limits, from its own records. The figures refresh on their own while this page is open.
        </p>
        {s && (
          <p className="mt-2 text-slate-300">
            @{s.handle} is{' '}
            <strong className={STATE_COLOR[s.health.state]} data-testid="agent-state">
              {s.health.state}
            </strong>
            {s.health.state !== 'running' && `: ${s.health.reason}`}
            {s.health.until && ` until ${when(s.health.until)}`}
            {s.paused && '; sends are paused (refused)'}. Updated {when(s.checkedAt)}.
          </p>
        )}
      </header>
      {status.isLoading && <p className="text-slate-400">Loading status…</p>}
      {status.isError && <p className="text-red-400">The status is unavailable right now.</p>}
      {s && (
        <dl className="grid gap-4 sm:grid-cols-2">
          <Stat title="Last successful read" value={ago(s.health.lastReadAgeSeconds)}>
            Newest mention {s.lastMention.id ?? 'none yet'}, stored {when(s.lastMention.readAt)}
          </Stat>
          <Stat
            title="How mentions arrive"
            value={
              !s.push ? 'Polling' : s.push.failure ? 'Polling (webhook failing)' : 'Pushed by X'
            }
          >
            {!s.push
              ? 'The agent reads its mentions at the pace X allows'
              : s.push.failure
                ? `X marks the webhook ${s.push.failure.url} invalid and its CRC check failed again (${when(s.push.failure.at)}): ${s.push.failure.detail}. The agent reads its mentions by polling meanwhile.`
                : `Webhook since ${when(s.push.since)}; last event ${when(s.push.lastEventAt)}. Reads catch up.`}
          </Stat>
          <Stat
            title="Oldest unanswered post"
            value={
              s.health.oldestUnansweredAgeSeconds === null
                ? 'none'
                : ago(s.health.oldestUnansweredAgeSeconds)
            }
          >
            Posted that long ago and still waiting for a reply
          </Stat>
          <Stat title="Inbox" value={`${s.inbox.depth} waiting`}>
            Oldest: {age(s.inbox.oldestAgeSeconds)}
          </Stat>
          <Stat title="Replies to post" value={`${s.outbox.depth} waiting`}>
            Oldest: {age(s.outbox.oldestAgeSeconds)}
            {s.outbox.drainEstimateAt &&
              `; at X's posting pace the last leaves ${when(s.outbox.drainEstimateAt)}`}
          </Stat>
          <Stat
            title="X rate-limit headroom"
            value={`${s.rateLimits.posts.remaining} / ${s.rateLimits.posts.limit} posts`}
          >
            Mention reads left:{' '}
            {s.rateLimits.mentions
              ? `${s.rateLimits.mentions.remaining} / ${s.rateLimits.mentions.limit}`
              : 'full window'}
            {s.rateLimits.posts.threeHours &&
              `; posts left in 3 hours: ${s.rateLimits.posts.threeHours.remaining} / ${s.rateLimits.posts.threeHours.limit}`}
            {s.rateLimits.posts.blockedUntil &&
              `; posting resumes ${when(s.rateLimits.posts.blockedUntil)}`}
          </Stat>
          {s.xSpend && (
            <Stat title="Spent on X today (UTC)" value={s.xSpend.todayUsd}>
              {s.xSpend.budgetUsd ? `Daily budget ${s.xSpend.budgetUsd}` : 'No daily budget set'}
              {s.xSpend.budgetReachedUntil &&
                `; reached: replies wait until ${when(s.xSpend.budgetReachedUntil)}, commands still run`}
            </Stat>
          )}
          <Stat title="Network snapshot" value={s.network.latestSnapshotOrdinal ?? 'unreachable'}>
            Latest snapshot ordinal of the Constellation network
          </Stat>
          {s.coldStorage?.map((w) => (
            <Stat
              key={w.role}
              title={`Move to cold storage: ${w.label}`}
              value={`${w.excessUp} UP`}
            >
              {`${w.label} (${w.address}) holds ${w.balanceUp} UP, above its hot-wallet ceiling of ${w.ceilingUp} UP: move ${w.excessUp} UP to cold storage.`}
            </Stat>
          ))}
        </dl>
      )}
    </div>
  );
}

function Stat(p: { title: string; value: string; children: React.ReactNode }) {
  return (
    <Card>
      {/* A term, not a heading: an h3 under the page's h1 skipped a level (axe heading-order). */}
      <dt className="text-sm font-medium text-slate-400">{p.title}</dt>
      <dd className="mt-2 break-all text-2xl font-semibold text-slate-50">{p.value}</dd>
      <dd>
        <CardDescription className="mt-1 wrap-anywhere">{p.children}</CardDescription>
      </dd>
    </Card>
  );
}
