/** A write-ahead-log position (`16/B374D848`) as a number. */
export const parseLsn = (text: string): bigint => {
  const [high = "0", low = "0"] = text.split("/")
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

export interface LagSample {
  /** When the primary was seen at `lsn` (ms). */
  readonly at: number
  readonly lsn: bigint
}

const MAX_SAMPLES = 1000

/**
 * The replica's lag as the age of the oldest primary position it has not replayed yet: a position the primary
 * was seen at is kept until the replica has replayed it. An idle primary gives no lag (its position does not
 * move), unlike "time since the last replayed commit". `primary` null: the primary's position could not be read
 * this time; `replayed` null: the server read from is not a standby (nothing to wait for).
 */
export const observeLag = (
  samples: ReadonlyArray<LagSample>,
  at: number,
  primary: bigint | null,
  replayed: bigint | null
): { readonly samples: ReadonlyArray<LagSample>; readonly lagMs: number } => {
  if (replayed === null) return { samples: [], lagMs: 0 }
  const pending = samples.filter((s) => s.lsn > replayed)
  // Only the oldest pending position sets the lag: when full, newer ones are not kept.
  if (primary !== null && primary > replayed && pending.length < MAX_SAMPLES) pending.push({ at, lsn: primary })
  return { samples: pending, lagMs: pending.length === 0 ? 0 : at - pending[0]!.at }
}
