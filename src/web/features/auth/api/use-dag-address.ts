import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DagAddressResponse } from '@/shared/auth/contract';
import { getJson } from '@/web/lib/api-client';
import { asRecord, stringField } from '@/web/lib/json-fields';

const DAG_ADDRESS_URL = '/api/auth/dag-address';

/** Reads GET /api/auth/dag-address with a reader typed by the shared contract (landing: no zod). */
export const readDagAddress = (body: unknown): DagAddressResponse => ({
  dagAddress: stringField(asRecord(body)?.dagAddress),
});

/** The user's DAG address for the user menu; a failure is logged and shows as "no address". */
export const dagAddressQueryOptions = () =>
  queryOptions({
    queryKey: [DAG_ADDRESS_URL],
    queryFn: async ({ signal }) => {
      try {
        return (await getJson(DAG_ADDRESS_URL, { parse: readDagAddress }, signal)).dagAddress;
      } catch (err) {
        console.error('Failed to fetch DAG address', err);
        return null;
      }
    },
  });

/** Runs only once signed in. */
export function useDagAddress(enabled: boolean) {
  const query = useQuery({ ...dagAddressQueryOptions(), enabled });
  return { dagAddress: query.data ?? null, isLoading: query.isLoading };
}
