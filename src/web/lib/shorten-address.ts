/**
 * `first…last` form of an address: `DAG1abcd...uvwxyz`. Spec §9 uses 8+6 in the user menu,
 * 8+8 in the wallet leaderboard and 12+6 for premium users. Short inputs are returned whole.
 */
export function shortenAddress(address: string, head: number, tail: number): string {
  if (address.length <= head + tail + 3) return address;
  return `${address.slice(0, head)}...${address.slice(address.length - tail)}`;
}
