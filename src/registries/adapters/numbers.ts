import type { LiveRegistryId } from "./RegistryAdapter.js"

const withDefaultClass = (registry: LiveRegistryId, raw: string): string =>
  registry === "ng-cac" && /^\s*\d/.test(raw) ? `RC ${raw.trim()}` : raw

/** The registry number as stored and shown. */
export const displayNumber = (registry: LiveRegistryId, raw: string): string =>
  withDefaultClass(registry, raw).trim().toUpperCase().replace(/\s+/g, " ")

/** The key two spellings of one registry number share (case and separators ignored). */
export const numberKeyOf = (registry: LiveRegistryId, raw: string): string =>
  withDefaultClass(registry, raw).trim().toUpperCase().replace(/[\s./-]+/g, "")
