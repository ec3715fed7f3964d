export {
  createMarketClient,
  type MarketClient,
  type MarketClientOptions,
  MarketDataError,
  type MarketPrice,
} from './client.ts';
