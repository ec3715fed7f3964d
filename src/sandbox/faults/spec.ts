import { z } from 'zod';
import { isCleanText, UNCLEAN_TEXT_MESSAGE } from '@/shared/clean-text.ts';

const ms = (max: number) => z.number().int().min(1).max(max);

/**
 * The body of `POST <twin>/_admin/faults`: the local X's original body (path, status, delayMs,
 * count, method) plus what every twin now takes. A fault lasts `count` matching requests or
 * `durationMs` of real time (or both: whichever ends first); without either, one request.
 */
export const faultSpec = z
  .object({
    kind: z.enum(['request', 'stallSnapshots', 'explorerLag', 'dropDeliveries']).default('request'),
    path: z.string().min(1).max(500).refine(isCleanText, UNCLEAN_TEXT_MESSAGE).default('*'),
    method: z.enum(['GET', 'POST', 'DELETE', 'PUT', 'PATCH']).optional(),
    status: z.number().int().min(400).max(599).optional(),
    delayMs: ms(600_000).optional(),
    /** Hold the request this long (or until the client gives up), then drop the connection. */
    timeoutMs: ms(600_000).optional(),
    reset: z.boolean().optional(),
    /** Handle the request, then lose its answer (with timeoutMs or reset): done, but unknown. */
    afterHandling: z.boolean().optional(),
    count: z.number().int().min(1).max(1_000_000).optional(),
    durationMs: ms(3_600_000).optional(),
  })
  .refine(
    (f) =>
      f.kind !== 'request' ||
      f.status !== undefined ||
      f.delayMs !== undefined ||
      f.timeoutMs !== undefined ||
      f.reset === true,
    { message: 'a fault needs a status, a delayMs, a timeoutMs or reset' },
  )
  .refine((f) => !f.afterHandling || f.timeoutMs !== undefined || f.reset === true, {
    message: 'afterHandling needs a timeoutMs or reset: its answer is what is lost',
  })
  .refine(
    (f) => f.kind === 'request' || f.durationMs !== undefined || f.kind === 'dropDeliveries',
    { message: 'stallSnapshots and explorerLag need a durationMs' },
  );

export type FaultSpec = z.input<typeof faultSpec>;
export type ParsedFaultSpec = z.output<typeof faultSpec>;

export const KIND_COLUMN = {
  request: 'request',
  stallSnapshots: 'stall_snapshots',
  explorerLag: 'explorer_lag',
  dropDeliveries: 'drop_deliveries',
} as const;

/** Which twin may take each fault kind that is not about its own routes. */
export const KIND_SERVICE = {
  stallSnapshots: 'constellation',
  explorerLag: 'constellation',
  dropDeliveries: 'x',
} as const;
