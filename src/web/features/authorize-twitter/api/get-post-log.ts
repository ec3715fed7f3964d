import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PostLogEntry as PostLogRow, postLogSchema } from '@/shared/external/contract';
import { getJson } from '@/web/lib/api-client';

/** One post an outside project made (or tried to make) for the user, as the card shows it. */
export interface PostLogEntry extends Omit<PostLogRow, 'projectId' | 'projectName'> {
  projectName: string;
}

const toEntry = (row: PostLogRow): PostLogEntry => ({
  id: row.id,
  projectName: row.projectName || row.projectId || 'Unknown project',
  text: row.text,
  result: row.result || 'pending',
  postId: row.postId,
  error: row.error,
  createdAt: row.createdAt,
});

export function parsePostLog(body: unknown): PostLogEntry[] {
  return postLogSchema.parse(body).entries.map(toEntry);
}

const POST_LOG_KEY = '/api/twitter/post-log';

/** GET /api/twitter/post-log: newest first. */
export const postLogQueryOptions = () =>
  queryOptions({
    queryKey: [POST_LOG_KEY],
    queryFn: ({ signal }) => getJson(POST_LOG_KEY, { parse: parsePostLog }, signal),
    refetchOnMount: 'always',
  });

export function usePostLog() {
  return useQuery(postLogQueryOptions());
}
