/** A post on the local X as its admin API describes it. */
export interface LocalPost {
  id: string;
  author: { id: string; username: string | null };
  text: string;
  createdAt: string;
  inReplyToId: string | null;
  quotedId: string | null;
}

type Call = (path: string, init?: { method?: string; json?: unknown }) => Promise<Response>;

/** Drives the local X's admin API (`/sandbox/x/_admin`) the way a person would use X. */
export function createLocalXDriver(call: Call, opts: { pollMs?: number } = {}) {
  const pollMs = opts.pollMs ?? 250;

  async function json<T>(res: Response, what: string): Promise<T> {
    if (!res.ok) throw new Error(`local X ${what}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function recentPosts(limit = 500) {
    return json<LocalPost[]>(await call(`/sandbox/x/_admin/posts?limit=${limit}`), 'list posts');
  }

  return {
    /** Creates (or finds) a local-X account; its id is the X user id the product knows it by. */
    async user(username: string) {
      const res = await call('/sandbox/x/_admin/users', { method: 'POST', json: { username } });
      return json<{ id: string; username: string }>(res, 'create user');
    },

    /**
     * Posts as `username`. Posting the same text again (a step re-run after a crash) finds the
     * earlier post, as X refuses duplicate content.
     */
    async post(
      username: string,
      text: string,
      ref: { inReplyToId?: string; quotedId?: string } = {},
    ): Promise<LocalPost> {
      const res = await call('/sandbox/x/_admin/posts', {
        method: 'POST',
        json: { username, text, ...ref },
      });
      if (res.status === 403) {
        const earlier = (await recentPosts(1000)).find(
          (p) => p.author.username === username && p.text === text,
        );
        if (earlier) return earlier;
      }
      return json<LocalPost>(res, 'post');
    },

    async deletePost(id: string) {
      const res = await call(`/sandbox/x/_admin/posts/${id}`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`local X delete post: ${res.status}`);
    },

    /** The first reply to `postId` (the agent's answer), waiting up to `timeoutMs`. */
    async waitForReply(postId: string, timeoutMs = 30_000): Promise<LocalPost> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const reply = (await recentPosts()).find((p) => p.inReplyToId === postId);
        if (reply) return reply;
        await new Promise((r) => setTimeout(r, pollMs));
      }
      throw new Error(`no reply to post ${postId} within ${timeoutMs} ms`);
    },

    /**
     * The agent's promotion of `targetId` asked for by `askId`: a quote post of the target
     * (Enterprise X access) or the reply to the asker (self-serve), waiting up to `timeoutMs`.
     */
    async waitForPromotion(
      p: { askId: string; targetId: string },
      timeoutMs = 30_000,
    ): Promise<LocalPost> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const made = (await recentPosts()).find(
          (post) => post.quotedId === p.targetId || post.inReplyToId === p.askId,
        );
        if (made) return made;
        await new Promise((r) => setTimeout(r, pollMs));
      }
      throw new Error(`no promotion of post ${p.targetId} within ${timeoutMs} ms`);
    },
  };
}

export type LocalXDriver = ReturnType<typeof createLocalXDriver>;
