import type { XAccount } from './ports.ts';

/** Promotion videos for the agent (src/agent/videos binds it to the product). */
export interface VideoPort {
  /** The price publishing would charge this user now: 0n inside a free daily allowance. */
  price(userId: string): Promise<bigint>;
  /** Queues the render job for this request post; a second call with the same post adds nothing. */
  enqueue(p: {
    requestPostId: string;
    requester: XAccount;
    targetId: string;
    priority: number;
  }): Promise<void>;
}
