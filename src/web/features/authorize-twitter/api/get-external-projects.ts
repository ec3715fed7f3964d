import { queryOptions, useQuery } from '@tanstack/react-query';
import { externalProjectsSchema } from '@/shared/external/contract';
import { getJson } from '@/web/lib/api-client';

export type { ExternalProject } from '@/shared/external/contract';

const PROJECTS_KEY = '/api/twitter/projects';

/** GET /api/twitter/projects: outside projects a user may allow to post for them. */
export const externalProjectsQueryOptions = () =>
  queryOptions({
    queryKey: [PROJECTS_KEY],
    queryFn: async ({ signal }) =>
      (await getJson(PROJECTS_KEY, externalProjectsSchema, signal)).projects,
    refetchOnMount: 'always',
  });

export function useExternalProjects() {
  return useQuery(externalProjectsQueryOptions());
}
