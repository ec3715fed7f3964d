/**
 * `first…last` form of an address: `DAG1abcd...uvwxyz`. The user menu uses 8+6,
 * the wallet leaderboard 8+8 and the premium users 12+6. Short inputs are returned whole.
 */
export function shortenAddress(address: string, head: number, tail: number): string {
  if (address.length <= head + tail + 3) return address;
  return `${address.slice(0, head)}...${address.slice(address.length - tail)}`;
}
