import { Hono } from 'hono';
import type { AppDeps } from '../server/deps.ts';

/**
 * The sandbox: local simulators of outside services, mounted on the product's own server
 * only in sandbox mode. Product code never imports from here; only main.ts does.
 */
export function sandboxMounts(deps: AppDeps) {
  const index = new Hono().get('/', (c) =>
    c.json({
      sandbox: true,
      description: `${deps.config.publicConfig.productName} is running against local simulators of its outside services.`,
      services: sandboxServices(deps.config.publicUrl),
    }),
  );
  return [{ path: '/sandbox', app: index }];
}

/** Each simulated service with its base URLs; later parts add theirs here. */
export function sandboxServices(_publicUrl: string): Record<string, unknown> {
  return {};
}
