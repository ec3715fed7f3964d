import { z } from 'zod';

/** Environment of `GET /metrics` (Prometheus text), in .env.example. Never public by default. */
export const metricsEnvShape = {
  /** Bearer token that `GET /metrics` on the site asks for. Unset: the site answers 404 there. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** A port of its own for `GET /metrics` (this process only; agent workers too). Unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where METRICS_PORT listens. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
};

type MetricsEnv = {
  METRICS_TOKEN?: string;
  METRICS_PORT?: number;
  METRICS_HOST: string;
};

export interface MetricsConfig {
  /** Asked as `Authorization: Bearer …` wherever /metrics answers; null: the site has no /metrics. */
  token: string | null;
  /** Its own listener, when set (answers without a token unless one is set). */
  port: number | null;
  host: string;
}

export function metricsConfig(env: MetricsEnv): MetricsConfig {
  return {
    token: env.METRICS_TOKEN ?? null,
    port: env.METRICS_PORT ?? null,
    host: env.METRICS_HOST,
  };
}
