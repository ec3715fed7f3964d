import { utc } from '@date-fns/utc';
import { startOfDay } from 'date-fns/startOfDay';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  externalAllowedProjects,
  externalPostLog,
  externalProjects,
  users,
  xUserTokens,
} from '@/db/schema/index.ts';
import { XApiError } from '@/integrations/x/index.ts';
import {
  refuseAgentCommands,
  refuseReplyToAgentOnX,
} from '../../core/external/grant-post-guard.ts';
import type { CoreDeps } from '../deps.ts';
import { DomainError, forbidden } from '../errors.ts';
import {
  getFreshAccessToken,
  markNeedsReauthorization,
  needsReauthorization,
} from './fresh-access-token.ts';
import type { ExternalProject } from './projects.ts';

type Deps = Pick<CoreDeps, 'db' | 'now' | 'tokenCipher' | 'x' | 'logger' | 'config'>;

export interface PostRequest {
  xUserId?: string;
  username?: string;
  text: string;
  replyToId?: string;
}

const startOfUtcDay = (d: Date) => new Date(+startOfDay(d, { in: utc }));

/** Same answer for "no such user" and "not allowed", so a project cannot probe who uses the site. */
const notAllowed = () =>
  forbidden('This user has not authorized your project to post for them', 'not_authorized');

async function findUserId(deps: Pick<CoreDeps, 'db'>, req: PostRequest) {
  const where = req.xUserId
    ? eq(users.xUserId, req.xUserId)
    : sql`lower(${users.username}) = lower(${req.username ?? ''})`;
  const [row] = await deps.db.select({ xUserId: users.xUserId }).from(users).where(where);
  return row?.xUserId ?? null;
}

/**
 * Reserves one post in the daily cap (per project, per user, per UTC day) as a `pending` log
 * row. The token row is locked meanwhile so concurrent requests for the same user count in turn.
 */
async function reserveSlot(
  deps: Deps,
  project: ExternalProject,
  xUserId: string,
  req: PostRequest,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [auth] = await tx
      .select({ status: xUserTokens.status, authorizedAt: xUserTokens.authorizedAt })
      .from(xUserTokens)
      .where(eq(xUserTokens.xUserId, xUserId))
      .for('update');
    const [allowed] = await tx
      .select({ id: externalAllowedProjects.projectId })
      .from(externalAllowedProjects)
      .where(
        and(
          eq(externalAllowedProjects.xUserId, xUserId),
          eq(externalAllowedProjects.projectId, project.id),
        ),
      );
    if (!auth?.authorizedAt || !allowed) throw notAllowed();
    if (auth.status !== 'active') throw needsReauthorization();
    const [{ used } = { used: 0 }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(externalPostLog)
      .where(
        and(
          eq(externalPostLog.projectId, project.id),
          eq(externalPostLog.xUserId, xUserId),
          gte(externalPostLog.createdAt, startOfUtcDay(now)),
          inArray(externalPostLog.result, ['pending', 'posted']),
        ),
      );
    if (used >= project.dailyCap) {
      throw new DomainError(
        'rate_limited',
        'daily_cap_reached',
        `Daily cap of ${project.dailyCap} posts for this user reached`,
      );
    }
    const [log] = await tx
      .insert(externalPostLog)
      .values({
        projectId: project.id,
        xUserId,
        text: req.text,
        replyToId: req.replyToId ?? null,
        result: 'pending',
        createdAt: now,
      })
      .returning({ id: externalPostLog.id });
    return log!.id;
  });
}

/** An outside project posts for a user who allowed it. Every attempt lands in the post log. */
export async function postForUser(deps: Deps, project: ExternalProject, req: PostRequest) {
  if (project.disabled) throw forbidden('This project is disabled', 'project_disabled');
  const agentHandle = deps.config.publicConfig.agentHandle;
  await refuseAgentCommands({ db: deps.db, agentHandle }, req);
  const xUserId = await findUserId(deps, req);
  if (!xUserId) throw notAllowed();
  const logId = await reserveSlot(deps, project, xUserId, req);
  const finish = (set: Partial<typeof externalPostLog.$inferInsert>) =>
    deps.db.update(externalPostLog).set(set).where(eq(externalPostLog.id, logId));

  try {
    const token = await getFreshAccessToken(deps, xUserId);
    if (req.replyToId)
      await refuseReplyToAgentOnX({ x: deps.x, agentHandle }, token, req.replyToId);
    const { tweet } = await deps.x.createTweet(token, {
      text: req.text,
      reply: req.replyToId ? { inReplyToTweetId: req.replyToId } : undefined,
    });
    await finish({ result: 'posted', postId: tweet.id });
    await deps.db
      .update(xUserTokens)
      .set({ lastUsedAt: deps.now() })
      .where(eq(xUserTokens.xUserId, xUserId));
    return { postId: tweet.id, text: tweet.text, xUserId };
  } catch (err) {
    const message = err instanceof XApiError ? err.detail : (err as Error).message;
    await finish({ result: 'failed', error: message.slice(0, 500) });
    if (err instanceof XApiError) {
      if (err.status === 401) {
        // X no longer accepts the token (revoked on X's side): stop until the user signs in again.
        await markNeedsReauthorization(deps, xUserId);
        throw needsReauthorization();
      }
      throw new DomainError('upstream_failed', 'x_error', `X refused the post: ${err.detail}`);
    }
    throw err;
  }
}

/** The user's own log of posts made for them, newest first. */
export function listPostLog(deps: Pick<CoreDeps, 'db'>, p: { xUserId: string; limit?: number }) {
  return deps.db
    .select({
      id: externalPostLog.id,
      projectId: externalPostLog.projectId,
      projectName: externalProjects.name,
      text: externalPostLog.text,
      replyToId: externalPostLog.replyToId,
      result: externalPostLog.result,
      postId: externalPostLog.postId,
      error: externalPostLog.error,
      createdAt: externalPostLog.createdAt,
    })
    .from(externalPostLog)
    .innerJoin(externalProjects, eq(externalProjects.id, externalPostLog.projectId))
    .where(eq(externalPostLog.xUserId, p.xUserId))
    .orderBy(desc(externalPostLog.id))
    .limit(p.limit ?? 100);
}
