import { describe, expect, expectTypeOf, it } from 'vitest';
import { toUserResponse } from '@/core/auth/user-view';
import type { AgentStatus, ConsoleMessage, Receipt } from '@/shared/agent/contract';
import type { CurrentUser, DagAddressResponse } from '@/shared/auth/contract';
import type { EvidenceList } from '@/shared/evidence/contract';
import type { AuthorizationStatus } from '@/shared/external/contract';
import type { MyVideo } from '@/shared/videos/contract';
import {
  sendConsoleMessage,
  type useAgentStatus,
  type useReceipt,
} from '@/web/features/agent/api/agent-api';
import { fetchCurrentUser } from '@/web/features/auth/api/auth-api';
import { readDagAddress } from '@/web/features/auth/api/use-dag-address';
import { NOT_AUTHORIZED } from '@/web/features/authorize-twitter/api/get-authorization-status';
import type { useMyVideos } from '@/web/features/dashboard/api/get-my-videos';
import type { useEvidenceList } from '@/web/features/digital-evidence/api/evidence-api';

type DataOf<T extends (...args: never[]) => { data: unknown }> = NonNullable<ReturnType<T>['data']>;

/*
 * Type-level proofs, enforced by `npx tsc --noEmit` (vitest only runs the bodies): the web hooks'
 * data is the shared contract's type, and a body of another shape does not compile. An unused
 * `@ts-expect-error` is itself an error, so if the contract stopped biting, typecheck would fail.
 */
describe('shared response contracts (decision 0024)', () => {
  it('type the web hooks with the contract', () => {
    expectTypeOf<DataOf<typeof useReceipt>>().toEqualTypeOf<Receipt>();
    expectTypeOf<DataOf<typeof useAgentStatus>>().toEqualTypeOf<AgentStatus>();
    expectTypeOf<DataOf<typeof useMyVideos>>().toEqualTypeOf<{ videos: MyVideo[] }>();
    expectTypeOf<DataOf<typeof useEvidenceList>['pages'][number]>().toEqualTypeOf<EvidenceList>();
    expectTypeOf(sendConsoleMessage).returns.resolves.toEqualTypeOf<ConsoleMessage>();
    expectTypeOf(fetchCurrentUser).returns.resolves.toEqualTypeOf<CurrentUser | null>();
    expectTypeOf(readDagAddress).returns.toEqualTypeOf<DagAddressResponse>();
  });

  it('type the server presenters with the same contract', () => {
    expectTypeOf(toUserResponse).returns.toEqualTypeOf<CurrentUser>();
  });

  it('refuse a body that lacks a field or carries one of another type', () => {
    // @ts-expect-error `dagAddress` is required by the contract
    const missing = {} satisfies DagAddressResponse;
    // @ts-expect-error `state` is one of the contract's three words
    const wrongType = { ...NOT_AUTHORIZED, state: 'maybe' } satisfies AuthorizationStatus;
    // @ts-expect-error a field the contract does not have
    const extra = { dagAddress: null, address: 'DAG1' } satisfies DagAddressResponse;
    expect([missing, wrongType, extra]).toHaveLength(3);
  });
});
