/**
 * Stored JSON text to be written into an answer as it is, instead of parsed and written again
 * (every explorer transaction carries the transaction as posted; decision 0032). bigJson writes it
 * exactly as parsing it with parseJsonKeepingIntegers and writing it again did.
 */
export class RawJson {
  constructor(readonly text: string) {}
}
