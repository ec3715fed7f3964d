import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';
import { asRecord, listField, numberField, stringField } from '@/web/lib/json-fields';

/** An outside project a user may allow to post for them (GET /api/twitter/projects). */
export interface ExternalProject {
  id: string;
  name: string;
  /** Posts per user per UTC day. */
  dailyCap: number | null;
}

function readProject(value: unknown): ExternalProject | null {
  const p = asRecord(value);
  const id = stringField(p?.id);
  const name = stringField(p?.name);
  return id && name ? { id, name, dailyCap: numberField(p?.dailyCap) } : null;
}

export function parseExternalProjects(body: unknown): ExternalProject[] {
  return listField(asRecord(body)?.projects, readProject);
}

export const externalProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/twitter/projects'],
    queryFn: async (ctx) => parseExternalProjects(await defaultQueryFn(ctx)),
    refetchOnMount: 'always',
  });

export function useExternalProjects() {
  return useQuery(externalProjectsQueryOptions());
}
