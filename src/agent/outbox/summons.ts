/**
 * "Summoned", as X's self-serve API rule reads (xdevplatform/docs
 * x-api/posts/manage-tweets/integrate.mdx @ 2871328): the original author @mentions the replying
 * account in their post, or quotes one of its posts. A reply's text on X starts with the handles
 * it answers, put there by X itself; whether X counts that automatic "@handle" as a mention is
 * not documented, so a mention of the agent inside that leading run of handles does not count
 * when the post replies to the agent (decision 0043).
 */

/** An @handle the way X links one: not after a handle character or '@', 1–15 characters. */
const HANDLE = /(?<![A-Za-z0-9_@＠])[@＠]([A-Za-z0-9_]{1,15})(?![A-Za-z0-9_@＠])/g;
/** The handles a reply starts with (X's reply prefix, when X added one). */
const LEADING_HANDLES = /^(?:\s*[@＠][A-Za-z0-9_]{1,15}(?![A-Za-z0-9_]))+/;

export interface SummonCheck {
  text: string;
  /** The post replies to one of the agent's own posts (X may have prefixed "@agent" itself). */
  repliesToAgent: boolean;
  /** The post quotes one of the agent's posts. */
  quotesAgent: boolean;
}

/** Whether the post's author summoned the agent (`handle` without '@'), without any doubt. */
export function summonsAgent(post: SummonCheck, handle: string): boolean {
  if (post.quotesAgent) return true;
  const prefix = post.repliesToAgent ? (LEADING_HANDLES.exec(post.text)?.[0].length ?? 0) : 0;
  const wanted = handle.toLowerCase();
  for (const m of post.text.matchAll(HANDLE)) {
    if (m.index >= prefix && m[1]!.toLowerCase() === wanted) return true;
  }
  return false;
}

/**
 * The @-less variant of a text the agent posts (§4 of issue 39): X restricts programmatic
 * @mentions of users on self-serve ("Additional restrictions apply to programmatically
 * @mentioning or quoting users", changelog 2026-02-23), so every handle but the agent's own
 * loses its '@' and stays as a plain word: "Sent 5 UP to bob".
 */
export function withoutMentions(text: string, agentHandle: string): string {
  const own = agentHandle.toLowerCase();
  return text.replace(HANDLE, (whole, name: string) => (name.toLowerCase() === own ? whole : name));
}
