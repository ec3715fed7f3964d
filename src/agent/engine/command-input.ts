import type { Command } from '../commands/types.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import type { XAccount } from './ports.ts';

/** One understood command, ready to run: who asked, in which post, for what. */
export interface CommandInput {
  /** Inbox id: the X post id, or `console-<uuid>`. */
  postId: string;
  source: 'x' | 'console';
  author: XAccount;
  post: InboxPost;
  command: Command;
}
