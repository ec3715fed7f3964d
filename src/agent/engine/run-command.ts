import { executeAnalyze } from '../commands/analyze/execute-analyze.ts';
import { executeBalance } from '../commands/balance/execute-balance.ts';
import { executeConfirm, type RunPreviewed } from '../commands/confirm/execute-confirm.ts';
import { executeFingerprint } from '../commands/fingerprint/execute-fingerprint.ts';
import type { UnsupportedFeature } from '../commands/grammar/types.ts';
import { executePromote } from '../commands/promote/execute-promote.ts';
import { executeSend } from '../commands/send/execute-send.ts';
import { executeSubscribe } from '../commands/subscribe/execute-subscribe.ts';
import { executeVideo } from '../commands/video/execute-video.ts';
import type { AgentContext } from '../context.ts';
import { invalidText } from '../replies/invalid-text.ts';
import type { CommandInput } from './command-input.ts';
import type { Outcome } from './outcome.ts';

const FEATURE_NAMES: Record<UnsupportedFeature, string> = {
  analysis: 'Token analysis',
  promote: 'Promotion',
  video: 'Video promotion',
};

/**
 * Runs one understood command and says what happened: each command's own folder
 * (agent/commands/<command>/) does the work. Throws only for temporary failures.
 */
export async function runCommand(deps: AgentContext, input: CommandInput): Promise<Outcome> {
  const { command, author } = input;
  switch (command.kind) {
    case 'balance':
    case 'address':
      return executeBalance(deps, { ...input, command });
    case 'send':
      return executeSend(deps, {
        author,
        command,
        key: input.postId,
        confirmed: false,
        post: input.post,
      });
    case 'confirm':
      return executeConfirm(deps, input, (previewed, p) => runPreviewed(deps, previewed, p));
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

/** The commands a preview may wait on: a send and a subscription; anything else is not confirmable. */
function runPreviewed(
  deps: AgentContext,
  ...[command, previewed]: Parameters<RunPreviewed>
): Promise<Outcome> | null {
  if (command.kind === 'send') return executeSend(deps, { ...previewed, command });
  if (command.kind === 'subscribe') return executeSubscribe(deps, { ...previewed, command });
  return null;
}
