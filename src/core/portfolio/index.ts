export { saveBotAnalysis } from './analyses.ts';
export { readValueHistory } from './book-store.ts';
export { gateAnalyses } from './gate-analyses.ts';
export { getPortfolio, NO_WALLET_NOTICE } from './get-portfolio.ts';
export { type Book, MIN_COST_BASIS, mapBook } from './map-book.ts';
export { startPortfolioWorker } from './portfolio-worker.ts';
export { refreshBook } from './refresh-book.ts';
export { teaser } from './teaser.ts';
export { writeMissingAnalyses } from './write-missing-analyses.ts';
