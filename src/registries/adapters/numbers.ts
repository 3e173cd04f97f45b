import { canonicalNumber } from "../../domain/registrationNumbers.js"
import type { LiveRegistryId } from "./RegistryAdapter.js"

/** The registry number as stored and shown (the registry's canonical display form). */
export const displayNumber = (registry: LiveRegistryId, raw: string): string => canonicalNumber(registry, raw).display

/** The lookup key two spellings of one registry number share; fetch by number matches on it exactly. */
export const numberKeyOf = (registry: LiveRegistryId, raw: string): string => canonicalNumber(registry, raw).key
