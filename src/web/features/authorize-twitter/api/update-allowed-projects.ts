import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allowedProjectsSchema } from '@/shared/external/contract';
import { apiRequest, readServerErrorText } from '@/web/lib/api-client';
import { authorizationStatusQueryOptions } from './get-authorization-status';

/** PUT /api/twitter/allowed-projects {projectIds}: replaces the set; answers the new list. */
export async function updateAllowedProjects(projectIds: string[]) {
  const res = await apiRequest('PUT', '/api/twitter/allowed-projects', { projectIds });
  if (!res.ok) {
    throw new Error((await readServerErrorText(res)) ?? 'Failed to save allowed projects');
  }
  return allowedProjectsSchema.parse(await res.json()).allowedProjects;
}

export function useUpdateAllowedProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAllowedProjects,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: authorizationStatusQueryOptions().queryKey }),
  });
}
