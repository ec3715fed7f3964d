import { normalizePostText } from './normalize.ts';

/**
 * Letters from other scripts that read as Latin ones. Handles on X are ASCII, so a lookalike
 * mention ("@UpsiderAgеnt" with a Cyrillic "е") is never the agent itself, but a reader (and a
 * future X that allows it) may take it for one: text posted for a user must not carry it either.
 */
const LOOKALIKE_FROM = 'авеёкмнорстухіїјѕԁɡԛԝαβεικνορτυχıℓ';
const LOOKALIKE_TO = 'abeekmhopctyxiijsdgqwabeikvoptuxil';

/** The agent's normalization (NFKC, invisible characters out), then marks and lookalikes folded. */
export function foldForAgentCheck(text: string): string {
  return [...normalizePostText(text).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((char) => LOOKALIKE_TO[LOOKALIKE_FROM.indexOf(char)] ?? char)
    .join('');
}

/**
 * Whether the text names the agent anywhere: as "@handle", a lookalike of it, or the handle
 * split by spaces, punctuation or invisible characters. Deliberately broad: text posted for a
 * user through a posting grant must never be readable as a command to the agent.
 */
export function mentionsAgent(text: string, agentHandle: string): boolean {
  const squeeze = (s: string) => s.replace(/[^a-z0-9]/g, '');
  return squeeze(foldForAgentCheck(text)).includes(squeeze(agentHandle.toLowerCase()));
}
