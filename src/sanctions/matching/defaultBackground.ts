import { type Background, decodeBackground } from "./background.js"
import { BACKGROUND_TABLE } from "./backgroundTable.js"

let cached: Background | null = null

/**
 * Token document frequencies over legitimate African company names, shipped as data (backgroundTable.ts is generated
 * by `npx tsx scripts/sanctions-quality.ts --write-background` from the even rows of
 * data/companies/african_entity_names.tsv; the odd rows are kept for the false-positive evaluation).
 */
export const defaultBackground = (): Background => {
  cached ??= decodeBackground(BACKGROUND_TABLE)
  return cached
}
