/**
 * What a database pool of this process says of itself (src/db/pool.ts counts it): connections checked out,
 * statements waiting for one, and its size. sql-pg 4's pool does not say how many connections it holds open,
 * so there is no count of idle ones.
 */
export interface WatchedPool {
  readonly inUse: number
  readonly waiting: number
  readonly max: number
}

/** The pools this process serves from, by role, for the pool series (a pool leaves when it is closed). */
const pools = new Map<WatchedPool, string>()

export const watchPool = (pool: WatchedPool, role: string): void => {
  pools.set(pool, role)
}

export const unwatchPool = (pool: WatchedPool): void => {
  pools.delete(pool)
}

export interface PoolUsage {
  readonly inUse: number
  readonly waiting: number
  readonly max: number
}

/** Connections in use and requests waiting, summed per role. */
export const poolUsage = (): ReadonlyMap<string, PoolUsage> => {
  const usage = new Map<string, PoolUsage>()
  for (const [pool, role] of pools) {
    const before = usage.get(role) ?? { inUse: 0, waiting: 0, max: 0 }
    usage.set(role, { inUse: before.inUse + pool.inUse, waiting: before.waiting + pool.waiting, max: before.max + pool.max })
  }
  return usage
}
