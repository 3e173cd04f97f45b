import { type PreparedLoadBatch, prepareLoadBatch } from "../bulk/loadBatch.js"
import { decodeCompanyRows, type RawCompanyRows } from "../companyBatches.js"
import type { Rejection } from "../runIngest.js"

/** A batch of rows decoded and prepared for the initial load: plain data, as a worker thread sends it back. */
export interface PreparedRows {
  /** Line of each row decoded into an observation, in order. */
  readonly accepted: ReadonlyArray<number>
  readonly rejected: ReadonlyArray<Rejection>
  readonly batch: PreparedLoadBatch
}

export const prepareRows = (raw: RawCompanyRows, now: Date): PreparedRows => {
  const { items, rejected } = decodeCompanyRows(raw)
  return {
    accepted: items.map((i) => i.line),
    rejected,
    batch: prepareLoadBatch(items.map((i) => i.observation), now)
  }
}

export interface PrepareRequest {
  readonly seq: number
  readonly raw: RawCompanyRows
  readonly now: Date
}

/** A worker's answer; `returned`: the request's bytes, handed back (the request handed them over). */
export type PrepareResponse =
  | { readonly seq: number; readonly prepared: PreparedRows; readonly returned: Uint8Array | null }
  | { readonly seq: number; readonly failure: string; readonly returned: Uint8Array | null }

/**
 * The buffer of a batch's bytes, handed over with it instead of copied: JSON Lines whose bytes fill a buffer of
 * their own (handing over a buffer shared with other views, e.g. Node's pool of small Buffers, would empty them).
 */
export const rawBuffer = (raw: RawCompanyRows): ArrayBuffer | null =>
  raw.format === "jsonl" && raw.bytes.byteOffset === 0 && raw.bytes.byteLength === raw.bytes.buffer.byteLength
    ? raw.bytes.buffer as ArrayBuffer
    : null
