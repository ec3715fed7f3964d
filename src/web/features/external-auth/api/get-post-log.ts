import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';
import { asRecord, listField, stringField } from '@/web/lib/json-fields';

/** One post an outside project made (or tried to make) for the user. */
export interface PostLogEntry {
  id: string;
  projectName: string;
  text: string;
  /** 'posted' | 'failed' | 'pending' */
  result: string;
  postId: string | null;
  error: string | null;
  createdAt: string | null;
}

function readEntry(value: unknown): PostLogEntry | null {
  const e = asRecord(value);
  const id = stringField(e?.id);
  if (!e || !id) return null;
  return {
    id,
    projectName: stringField(e.projectName) ?? stringField(e.projectId) ?? 'Unknown project',
    text: typeof e.text === 'string' ? e.text : '',
    result: stringField(e.result) ?? 'pending',
    postId: stringField(e.postId),
    error: stringField(e.error),
    createdAt: stringField(e.createdAt),
  };
}

export function parsePostLog(body: unknown): PostLogEntry[] {
  return listField(asRecord(body)?.entries, readEntry);
}

/** GET /api/twitter/post-log: newest first. */
export const postLogQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/twitter/post-log'],
    queryFn: async (ctx) => parsePostLog(await defaultQueryFn(ctx)),
    refetchOnMount: 'always',
  });

export function usePostLog() {
  return useQuery(postLogQueryOptions());
}
