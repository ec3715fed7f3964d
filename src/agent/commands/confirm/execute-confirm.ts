import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import { commandFromJson } from '../../engine/command-json.ts';
import { findConfirmation, markConfirmed } from '../../engine/confirmations.ts';
import type { Outcome } from '../../engine/outcome.ts';
import { isGrantPost } from '../../safety/grant-posts.ts';
import type { Command } from '../grammar/types.ts';

/** A previewed command, run again by its own command's folder (the engine's dispatcher binds it). */
export type RunPreviewed = (
  command: Command,
  previewed: { author: CommandInput['author']; key: string; confirmed: true },
) => Promise<Outcome> | null;

/**
 * 'confirm' runs the author's previewed send (keyed by the preview's post: at most once). A post
 * made through a posting grant never confirms, whatever other rule it got past: a grant lets a
 * project post as the user, never spend for them (decision 0009).
 */
export async function executeConfirm(
  deps: AgentContext,
  input: CommandInput,
  runPreviewed: RunPreviewed,
): Promise<Outcome> {
  const now = deps.now();
  const post = { id: input.postId, authorId: input.author.xUserId, text: input.post.text };
  if (input.source === 'x' && (await isGrantPost(deps.db, post, now))) {
    return { kind: 'rejected', reason: { code: 'nothing_to_confirm' } };
  }
  const repliedTo = input.post.referencedTweets.find((r) => r.type === 'replied_to')?.id ?? null;
  const preview = await findConfirmation(deps.db, {
    authorId: input.author.xUserId,
    confirmPostId: input.postId,
    repliedToId: repliedTo,
    console: input.source === 'console',
    now,
  });
  if (!preview || !(await markConfirmed(deps.db, preview.postId, input.postId, now))) {
    return { kind: 'rejected', reason: { code: 'nothing_to_confirm' } };
  }
  const command = commandFromJson(preview.command);
  const previewed = { author: input.author, key: preview.postId, confirmed: true as const };
  return (
    runPreviewed(command, previewed) ?? {
      kind: 'rejected',
      reason: { code: 'nothing_to_confirm' },
    }
  );
}
