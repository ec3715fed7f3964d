import type { UnsupportedFeature } from '../commands/types.ts';
import { invalidText } from '../replies/invalid-text.ts';
import { isGrantPost } from '../safety/grant-posts.ts';
import type { CommandInput } from './command-input.ts';
import { commandFromJson } from './command-json.ts';
import { findConfirmation, markConfirmed } from './confirmations.ts';
import type { EngineDeps } from './engine-deps.ts';
import { executeAnalyze } from './execute-analyze.ts';
import { executeFingerprint } from './execute-fingerprint.ts';
import { executePromote } from './execute-promote.ts';
import { executeSend } from './execute-send.ts';
import { executeSubscribe } from './execute-subscribe.ts';
import { executeVideo } from './execute-video.ts';
import type { Outcome } from './outcome.ts';

const FEATURE_NAMES: Record<UnsupportedFeature, string> = {
  analysis: 'Token analysis',
  promote: 'Promotion',
  video: 'Video promotion',
};

/** Runs one understood command and says what happened. Throws only for temporary failures. */
export async function runCommand(deps: EngineDeps, input: CommandInput): Promise<Outcome> {
  const { command, author } = input;
  switch (command.kind) {
    case 'balance':
    case 'address': {
      const account =
        'self' in command.target ? author : await deps.wallets.resolveHandle(command.target.handle);
      if (!account && 'handle' in command.target) {
        return {
          kind: 'rejected',
          reason: { code: 'unknown_handle', handle: command.target.handle },
        };
      }
      const { address } = await deps.wallets.walletFor(account!);
      const subject =
        'self' in command.target ? { self: true as const } : { handle: account!.username };
      if (command.kind === 'address') return { kind: 'address', subject, address };
      const [b, held] = await Promise.all([
        deps.wallets.balances(address),
        'self' in subject ? deps.wallets.heldUp(address) : 0n,
      ]);
      return {
        kind: 'balance',
        subject,
        address,
        balances: { UP: b.UP.toString(), DAG: b.DAG.toString(), DOR: b.DOR.toString() },
        ...(held > 0n ? { heldUp: held.toString() } : {}),
      };
    }
    case 'send':
      return executeSend(deps, { author, command, key: input.postId, confirmed: false });
    case 'confirm':
      return confirm(deps, input);
    case 'subscribe':
      return executeSubscribe(deps, { author, command, key: input.postId, confirmed: false });
    case 'fingerprint':
      return executeFingerprint(deps, input);
    case 'analyze':
      return executeAnalyze(deps, { ...input, command });
    case 'promote':
      return executePromote(deps, { ...input, command });
    case 'video':
      return executeVideo(deps, input);
    case 'unsupported':
      return { kind: 'help', feature: FEATURE_NAMES[command.feature] };
    case 'invalid':
      return { kind: 'help', invalid: invalidText(command) };
    case 'help':
      return { kind: 'help' };
    case 'unknown':
      return command.didYouMean
        ? { kind: 'help', didYouMean: command.didYouMean }
        : { kind: 'help' };
  }
}

/**
 * 'confirm' runs the author's previewed send (keyed by the preview's post: at most once). A post
 * made through a posting grant never confirms, whatever other rule it got past: a grant lets a
 * project post as the user, never spend for them (decision 0009).
 */
async function confirm(deps: EngineDeps, input: CommandInput): Promise<Outcome> {
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
  const previewed = { author: input.author, key: preview.postId, confirmed: true };
  if (command.kind === 'send') return executeSend(deps, { ...previewed, command });
  if (command.kind === 'subscribe') return executeSubscribe(deps, { ...previewed, command });
  return { kind: 'rejected', reason: { code: 'nothing_to_confirm' } };
}
