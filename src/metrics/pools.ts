import type Pg from "pg"

/** The `pg` pools this process serves from, by role, for the pool series (a pool leaves when it is ended). */
const pools = new Map<Pg.Pool, string>()

export const watchPool = (pool: Pg.Pool, role: string): void => {
  pools.set(pool, role)
}

export const unwatchPool = (pool: Pg.Pool): void => {
  pools.delete(pool)
}

export interface PoolUsage {
  readonly inUse: number
  readonly idle: number
  readonly waiting: number
  readonly max: number
}

/** Connections in use, idle and requests waiting, summed per role. */
export const poolUsage = (): ReadonlyMap<string, PoolUsage> => {
  const usage = new Map<string, PoolUsage>()
  for (const [pool, role] of pools) {
    const before = usage.get(role) ?? { inUse: 0, idle: 0, waiting: 0, max: 0 }
    usage.set(role, {
      inUse: before.inUse + pool.totalCount - pool.idleCount,
      idle: before.idle + pool.idleCount,
      waiting: before.waiting + pool.waitingCount,
      max: before.max + (pool.options.max ?? 10)
    })
  }
  return usage
}
