import { z } from 'zod';

/** The /authorize-twitter page's calls under /api/twitter (external authorization). */
export const projectRefSchema = z.object({ id: z.string(), name: z.string() });
export type ProjectRef = z.infer<typeof projectRefSchema>;

export const AUTHORIZATION_STATES = [
  'not_authorized',
  'authorized',
  /** Sign in with X again. */
  'needs_reauthorization',
] as const;

/** GET /api/twitter/authorization-status. */
export const authorizationStatusSchema = z.object({
  isAuthorized: z.boolean(),
  state: z.enum(AUTHORIZATION_STATES),
  scopes: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  allowedProjects: z.array(projectRefSchema),
});
export type AuthorizationStatus = z.infer<typeof authorizationStatusSchema>;

/** GET /api/twitter/projects: outside projects a user may allow to post for them. */
export const externalProjectSchema = projectRefSchema.extend({
  /** Posts per user per UTC day. */
  dailyCap: z.number().nullable(),
});
export type ExternalProject = z.infer<typeof externalProjectSchema>;
export const externalProjectsSchema = z.object({ projects: z.array(externalProjectSchema) });

/** PUT /api/twitter/allowed-projects: the new set. */
export const allowedProjectsSchema = z.object({ allowedProjects: z.array(projectRefSchema) });

/** GET /api/twitter/post-log: posts an outside project made (or tried) for the user, newest first. */
export const postLogEntrySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  text: z.string(),
  /** 'posted' | 'failed' | 'pending' */
  result: z.string(),
  postId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type PostLogEntry = z.infer<typeof postLogEntrySchema>;
export const postLogSchema = z.object({ entries: z.array(postLogEntrySchema) });
export type ExternalProjects = z.infer<typeof externalProjectsSchema>;
export type AllowedProjects = z.infer<typeof allowedProjectsSchema>;
export type PostLog = z.infer<typeof postLogSchema>;
