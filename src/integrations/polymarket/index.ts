export * from './client.ts';
export * from './errors.ts';
export * from './hmac.ts';
export * from './market-ids.ts';
export type { DataPosition, DataTrade, GammaMarket, OpenOrder } from './schemas.ts';
