import { sql } from 'drizzle-orm';
import type { ScaleRun } from './scale-run.ts';
import { supply } from './scale-run-checks.ts';

/** A word per number (digits in a post would read as amounts). */
export const wordOf = (n: number) => {
  let s = '';
  let v = n;
  do {
    s += String.fromCharCode(97 + (v % 26));
    v = Math.floor(v / 26);
  } while (v > 0);
  return s;
};

const SUBSCRIBE = [
  'subscribe premium monthly',
  'subscribe to pro',
  'renew my premium for 3 months',
  'subscribe premium for six months',
  'please subscribe me to pro',
  'subscribe to premium',
  'renew my pro for 2 months',
  'buy premium yearly',
  'subscribe pro for six months',
  'renew my premium for 2 months',
  'subscribe pro monthly',
  'renew my pro for 3 months',
];

/**
 * `count` mentions from `users` in turn: half sends of 1 UP to the next user, a quarter balance
 * questions, an eighth "fingerprint this" under one of `targets`, an eighth subscriptions. Every
 * text differs from its author's others (X refuses duplicate content).
 */
export function mixedMentions(users: string[], targets: string[], count: number, start = 0) {
  const items: { author: string; text: string; inReplyToId?: string }[] = [];
  const kinds: ('send' | 'balance' | 'fingerprint' | 'subscribe')[] = [];
  for (let i = start; i < start + count; i++) {
    const u = i % users.length;
    const author = users[u]!;
    const kind = (['send', 'balance', 'send', 'fingerprint'] as const)[i % 4]!;
    const k = i % 8 === 7 ? 'subscribe' : kind;
    kinds.push(k);
    // A z first: a bare word could be one the parser reads ("round if" is a conditional).
    const round = `z${wordOf(i)}`;
    if (k === 'send') {
      const to = users[(u + 1) % users.length]!;
      items.push({ author, text: `@UpsiderAgent send 1 UP to @${to}, round ${round}` });
    } else if (k === 'balance') {
      items.push({ author, text: `@UpsiderAgent balance (round ${round})` });
    } else if (k === 'fingerprint') {
      const target = targets[(u + 3) % targets.length]!;
      items.push({
        author,
        text: `@UpsiderAgent fingerprint this (round ${round})`,
        inReplyToId: target,
      });
    } else {
      // An author's turns come users.length apart: each of them gets another wording.
      const wording = SUBSCRIBE[Math.floor(i / users.length) % SUBSCRIBE.length];
      items.push({ author, text: `@UpsiderAgent ${wording}` });
    }
  }
  return { items, kinds };
}

/**
 * The run's starting state: every user's wallet (made by asking the agent), funded with `tokens`
 * UP on the local network, and one post of each user's for others to fingerprint. Returns the
 * address questions (they count among the posts to answer once), those posts and the supply.
 */
export async function fundedUsers(
  r: ScaleRun,
  users: string[],
  o: { tokens: string; timeoutMs: number },
) {
  const asks = await r.post(
    users.map((u) => ({ author: u, text: "@UpsiderAgent what's my address" })),
  );
  if (!(await r.waitAnswered(asks, o.timeoutMs))) throw new Error('address questions unanswered');
  const replies = await r.query<{ text: string }>(sql`
    select r.text from sandbox.x_posts r
    where r.in_reply_to_id = any(string_to_array(${asks.join(',')}, ',')::bigint[])`);
  for (const reply of replies) {
    const address = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply.text)![0];
    await r.t.call('POST', '/sandbox/constellation/_admin/faucet', {
      address,
      token: 'UP',
      tokens: o.tokens,
    });
  }
  await r.t.snapshot();
  const supplyBefore = await supply(r);
  const targets = await r.post(
    users.map((u, i) => ({ author: u, text: `A thought worth keeping, ${wordOf(i)}` })),
  );
  return { asks, targets, supplyBefore };
}
