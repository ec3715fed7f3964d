// Paid items and the premium daily allowances (decision 0007). Later features call only chargeFor.
export {
  type AllowanceDeps,
  type ChargeQuote,
  type ChargeResult,
  chargeFor,
  quoteCharge,
} from './charge-for.ts';
export { type ReserveResult, releaseCharge, reserveCharge } from './reserve-charge.ts';
export { dailyAllowance, itemPrice, nextUtcMidnight, utcDay } from './terms.ts';
