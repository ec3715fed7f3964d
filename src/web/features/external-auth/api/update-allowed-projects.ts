import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readServerErrorText } from '@/web/lib/api-client';
import { asRecord, listField } from '@/web/lib/json-fields';
import { AUTHORIZATION_STATUS_KEY, readProjectRef } from './get-authorization-status';

/** PUT /api/twitter/allowed-projects {projectIds}: replaces the set; answers the new list. */
export async function updateAllowedProjects(projectIds: string[]) {
  const res = await apiRequest('PUT', '/api/twitter/allowed-projects', { projectIds });
  if (!res.ok) {
    throw new Error((await readServerErrorText(res)) ?? 'Failed to save allowed projects');
  }
  return listField(asRecord(await res.json())?.allowedProjects, readProjectRef);
}

export function useUpdateAllowedProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAllowedProjects,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATION_STATUS_KEY }),
  });
}
