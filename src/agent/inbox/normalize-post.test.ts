import { describe, expect, it } from 'vitest';
import type { XTweet, XUser } from '@/integrations/x/index.ts';
import { mentionedAccount, normalizePost } from './normalize-post.ts';

const user = (id: string, username: string): XUser => ({ id, username, name: username });
const tweet = (mentions: { username: string; id?: string }[]): XTweet =>
  ({
    id: '10',
    text: 'post',
    author_id: '1',
    entities: { mentions: mentions.map((m, i) => ({ start: i, end: i + 1, ...m })) },
  }) as XTweet;

describe('the accounts a post mentions (decision 0071)', () => {
  it('carries the id X served with the post, under its current handle', () => {
    const post = normalizePost(tweet([{ username: 'Bob', id: '2' }]), [user('2', 'bob')]);
    expect(mentionedAccount(post, 'BOB')).toEqual({ xUserId: '2', username: 'bob' });
  });

  it('matches by handle where the entity has no id', () => {
    const post = normalizePost(tweet([{ username: 'bob' }]), [user('2', 'bob')]);
    expect(mentionedAccount(post, 'bob')).toEqual({ xUserId: '2', username: 'bob' });
  });

  it('has no account for a mention X did not serve (unknown or suspended)', () => {
    const post = normalizePost(tweet([{ username: 'gone', id: '3' }]), [user('2', 'bob')]);
    expect(mentionedAccount(post, 'gone')).toBeNull();
  });

  it('never takes an account served under another handle than the one typed', () => {
    // The entity's id now belongs to a renamed account: the handle typed is not theirs.
    const post = normalizePost(tweet([{ username: 'bob', id: '2' }]), [user('2', 'robert')]);
    expect(mentionedAccount(post, 'bob')).toBeNull();
    expect(mentionedAccount(post, 'robert')).toBeNull();
  });

  it('has no accounts for a post without entities (a console message)', () => {
    expect(mentionedAccount({ entities: null }, 'bob')).toBeNull();
  });
});
