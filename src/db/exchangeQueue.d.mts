/** What the queue needs of PGlite (see exchangeQueue.mjs). */
export interface ProtocolSession {
  runExclusive<T>(work: () => Promise<T>): Promise<T>
  execProtocolRawStream(message: Uint8Array, options: { readonly onRawData: (data: Uint8Array) => void }): Promise<unknown>
}

export declare class ExchangeQueue {
  constructor(db: ProtocolSession)
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>
  getQueueLength(): number
  clearQueueForHandler(handlerId: number): void
  clearTransactionIfNeeded(handlerId: number): Promise<void>
}
