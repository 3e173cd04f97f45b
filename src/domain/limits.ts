import { type Plan, plans } from "./quotaWindow.js"

/** What an account may hold at once, per plan (issue 25). Pure. */
export const limitedResources = ["monitors", "webhooks", "decisions", "jobs_in_flight", "pending_deliveries"] as const
export type LimitedResource = (typeof limitedResources)[number]

export type PlanLimits = Readonly<Record<Plan, number>>

export const defaultLimits: Readonly<Record<LimitedResource, PlanLimits>> = {
  monitors: { free: 100, starter: 1_000, growth: 10_000, unlimited: 10_000 },
  webhooks: { free: 5, starter: 10, growth: 25, unlimited: 50 },
  decisions: { free: 1_000, starter: 10_000, growth: 100_000, unlimited: 100_000 },
  jobs_in_flight: { free: 2, starter: 5, growth: 10, unlimited: 20 },
  pending_deliveries: { free: 1_000, starter: 10_000, growth: 100_000, unlimited: 100_000 }
}

/** The variable that sets a resource's limits: KYB_LIMIT_MONITORS, KYB_LIMIT_JOBS_IN_FLIGHT, ... */
export const limitVariable = (resource: LimitedResource) => `KYB_LIMIT_${resource.toUpperCase()}`

/**
 * Reads `free=100,starter=1000` (plans left out keep their default; a bare number sets every plan). Left: what is
 * wrong with it.
 */
export const parseLimits = (text: string, defaults: PlanLimits): { readonly ok: true; readonly value: PlanLimits } | { readonly ok: false; readonly problem: string } => {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) {
    const n = Number(trimmed)
    return { ok: true, value: { free: n, starter: n, growth: n, unlimited: n } }
  }
  const value: Record<Plan, number> = { ...defaults }
  for (const part of trimmed.split(",")) {
    const match = /^\s*([a-z]+)\s*=\s*(\d{1,9})\s*$/.exec(part)
    const plan = match?.[1] as Plan | undefined
    if (match === null || plan === undefined || !plans.includes(plan)) {
      return { ok: false, problem: `"${part.trim()}" is not <plan>=<count> with a plan among ${plans.join(", ")}` }
    }
    value[plan] = Number(match[2])
  }
  return { ok: true, value }
}

/** The refusal's message, or null when one more is allowed. */
export const refusal = (resource: LimitedResource, plan: Plan, held: number, limit: number): string | null =>
  held < limit
    ? null
    : `${resource.replace(/_/g, " ")}: this account has ${held} of the ${limit} its plan (${plan}) allows; ` +
      (resource === "jobs_in_flight" ? "wait for one to finish" : "delete some first") + ", or ask for a larger plan."
