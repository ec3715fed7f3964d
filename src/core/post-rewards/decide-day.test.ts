import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidate.ts';
import { decideDay, screen } from './decide-day.ts';
import type { QualityRubric } from './rubric.ts';

const UNIT = 100_000_000n;
const settings = {
  pool: 300n * UNIT,
  winners: 3,
  minAccountAgeDays: 30,
  minFollowers: 10,
  minScore: 30,
};
const day = new Date('2026-11-20T12:00:00Z');
const old = { createdAt: new Date('2024-01-01T00:00:00Z'), followers: 500 };
const metrics = { likes: 2, retweets: 1, replies: 3, quotes: 1, repliers: 3 };
let seq = 100;
const post = (authorId: string, text: string, extra: Partial<Candidate> = {}): Candidate => ({
  postId: String(seq++),
  authorId,
  authorUsername: `u${authorId}`,
  text,
  isCommand: false,
  isRetweet: false,
  metrics,
  author: old,
  createdAt: day,
  foundBy: 'mention',
  ...extra,
});
const good = (n: number) =>
  `Staking numbers for $UP this week: ${n} validators joined because fees dropped, which means faster blocks.`;

/** One post per rule, plus three clean winners (u1 twice: its better post counts). */
const data: Candidate[] = [
  post('1', good(12)),
  post(
    '2',
    'The bridge queue cleared in 40 minutes today, compared to 3 hours last week; thanks team.',
  ),
  post(
    '3',
    'Wrote a guide on moving DAG to Base and back, with the fees at each step and the timing.',
  ),
  post('AGENT', 'Sent 5 UP to @bob'),
  post('4', 'RT @x: great project', { isRetweet: true }),
  post('5', '@agent send 10 UP to @bob', { isCommand: true }),
  post('6', 'Deleted post', { metrics: null }),
  post('7', 'A thoughtful note from a fresh account about fees and staking.', {
    author: { createdAt: new Date('2026-11-10T00:00:00Z'), followers: 900 },
  }),
  post('8', 'A thoughtful note from a small account about fees and staking.', {
    author: { createdAt: old.createdAt, followers: 3 },
  }),
  post('9', `${good(12)}!!`),
  post('10', 'Long analysis of the UP holder distribution with numbers and sources.', {
    metrics: { ...metrics, replies: 9, repliers: 2 },
  }),
  post('11', 'Buy buy buy now now now'),
  // Two accounts that each like and repost: four actions, two accounts.
  post('13', 'Notes on the DAG fee market after the upgrade, with charts and caveats.', {
    metrics: {
      ...metrics,
      replies: 0,
      repliers: null,
      engagers: { accounts: 2, actions: 4, topTwoActions: 4 },
    },
  }),
  // Real likes, but two accounts wrote most of it (replies flooding).
  post('14', 'What the holder index says about concentration, and what it cannot tell.', {
    metrics: { ...metrics, engagers: { accounts: 5, actions: 12, topTwoActions: 9 } },
  }),
  post('1', good(13)),
  post('12', 'ok', { metrics: { likes: 0, retweets: 0, replies: 0, quotes: 0, repliers: null } }),
];

const q = (o: number, s: number, spam = 0): QualityRubric => ({
  originality: o,
  substance: s,
  spam,
  reason: 'test',
});
const ratings = new Map<string, QualityRubric | null>(
  data.map((c) => [
    c.postId,
    c.authorId === '11' ? q(1, 1, 9) : c.authorId === '12' ? q(0, 0, 2) : q(8, 7),
  ]),
);
ratings.set(data[12]!.postId, q(5, 5));

describe('quality-post rewards on a fixed data set', () => {
  const result = decideDay(screen(data, { agentUserId: 'AGENT', settings }), ratings, settings);
  const why = (authorId: string, index = 0) =>
    result.filter((r) => r.candidate.authorId === authorId)[index]?.exclusion?.rule ?? null;

  it('each anti-abuse rule excludes its case', () => {
    expect(why('AGENT')).toBe('by_agent');
    expect(why('4')).toBe('retweet');
    expect(why('5')).toBe('command_only');
    expect(why('6')).toBe('deleted');
    expect(why('7')).toBe('account_too_new');
    expect(why('8')).toBe('too_few_followers');
    expect(why('9')).toBe('duplicate_text');
    expect(why('10')).toBe('engagement_from_few_accounts');
    expect(why('13')).toBe('engagement_from_few_accounts');
    expect(why('14')).toBe('engagement_from_few_accounts');
    expect(why('11')).toBe('spam');
    expect(why('1', 1)).toBe('one_per_author');
    expect(why('12')).toBe('below_minimum');
  });

  it('the clean posts are ranked by engagement + quality and split the pool 3:2:1', () => {
    const winners = result.filter((r) => r.rank !== null).sort((a, b) => a.rank! - b.rank!);
    expect(winners.map((w) => w.candidate.authorId)).toEqual(['1', '2', '3']);
    expect(winners.map((w) => w.amount)).toEqual([150n * UNIT, 100n * UNIT, 50n * UNIT]);
    // likes 2 + retweets 2×1 + replies 2×3 + quotes 3×1 = 13 points → capped at 40.
    expect(winners[0]!.engagementScore).toBe(40);
    expect(winners[0]!.qualityScore).toBe(2 * (8 + 7 + 10));
    expect(winners[0]!.total).toBe(90);
  });

  it('with the model down every post is scored on engagement alone', () => {
    const plain = decideDay(screen(data, { agentUserId: 'AGENT', settings }), new Map(), settings);
    const first = plain.find((r) => r.candidate.postId === data[0]!.postId)!;
    expect(first.quality).toBeNull();
    expect(first.total).toBe(40);
    expect(plain.filter((r) => r.rank !== null)).toHaveLength(3);
  });

  it('the few-accounts rule at its edges: four actions, two accounts, a two-thirds share', () => {
    const m = (accounts: number, actions: number, topTwoActions: number) =>
      post('30', good(77), {
        metrics: { ...metrics, engagers: { accounts, actions, topTwoActions } },
        foundBy: 'cashtag',
      });
    const rule = (c: Candidate) =>
      screen([c], { agentUserId: null, settings })[0]!.exclusion?.rule ?? null;
    expect(rule(m(2, 3, 3))).toBeNull(); // too little engagement to judge
    expect(rule(m(2, 4, 4))).toBe('engagement_from_few_accounts');
    expect(rule(m(3, 9, 6))).toBeNull(); // three people who each like, repost and reply
    expect(rule(m(3, 9, 7))).toBe('engagement_from_few_accounts');
    expect(rule(m(6, 6, 2))).toBeNull();
  });

  it('replies are counted once per replying account', () => {
    const farmed = post('20', good(99), {
      metrics: { likes: 0, retweets: 0, replies: 3, quotes: 0, repliers: 1 },
    });
    const [r] = decideDay(screen([farmed], { agentUserId: null, settings }), new Map(), settings);
    expect(r!.engagementScore).toBe(8);
  });
});
