import type { Command } from '../commands/grammar/types.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import type { XAccount } from './x-accounts.ts';

/** One understood command, ready to run: who asked, in which post, for what. */
export interface CommandInput {
  /**
   * The command's id, what every effect is keyed on: the first version of the X post (its own
   * id unless it was edited, decision 0042), or the inbox id `console-<uuid>`.
   */
  postId: string;
  source: 'x' | 'console';
  author: XAccount;
  post: InboxPost;
  command: Command;
}
