import { Effect } from "effect"
import type { ListFiles } from "./detect.js"
import { parseEuFsfXml } from "./euFsfXml.js"
import { parseEuLegacyXml } from "./euLegacyXml.js"
import { SanctionsParseError } from "./errors.js"
import type { ParsedList } from "../model.js"
import { parseOfacFileSet } from "./ofacCsv.js"
import { ofsiRowsToList, parseOfsiCsv } from "./ofsiConList.js"
import { parseUnXml } from "./unXml.js"
import { worldBankRowsToList } from "./worldBankDebarred.js"

const fromSheet = (file: string, read: () => ParsedList) =>
  Effect.try({ try: read, catch: (cause) => new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) }) })

export const parseListFiles = (set: ListFiles): Effect.Effect<ParsedList, SanctionsParseError> => {
  if (!("format" in set)) return set.list === "un_sc" ? parseUnXml(set.files.xml) : parseOfacFileSet(set.list, set.files)
  switch (set.format) {
    case "ofsi_csv": return parseOfsiCsv(set.list, set.file)
    case "eu_fsf_xml": return parseEuFsfXml(set.file)
    case "eu_legacy_xml": return parseEuLegacyXml(set.file)
    case "xlsx": {
      const { list, sheet } = set
      return fromSheet(set.file, () => list === "worldbank_debarred" ? worldBankRowsToList(sheet) : ofsiRowsToList(list, sheet))
    }
  }
}
