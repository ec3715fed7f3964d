export { createEvidenceClient, type EvidenceClient } from './client.ts';
export { EvidenceApiError, EvidenceResponseError } from './errors.ts';
export * from './schemas.ts';
export { buildSubmission } from './submission.ts';
