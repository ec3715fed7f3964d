// AI token analyses (decision 0019): figures measured by the product, text written by an LLM.
export { type FigureDeps, gatherFigures } from './gather-figures.ts';
export { getPublishedAnalysis } from './records.ts';
export { analysisUse, releaseAnalysis, reserveAnalysis } from './reserve-analysis.ts';
export {
  type AnalysisDeps,
  type AnalysisRequest,
  type AnalysisResult,
  missingFigures,
  runTokenAnalysis,
} from './run-token-analysis.ts';
export { ANALYSIS_SYSTEM_PROMPT, analysisMessages } from './write-analysis.ts';
