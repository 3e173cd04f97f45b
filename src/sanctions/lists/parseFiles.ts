import { Effect } from "effect"
import type { ListFiles } from "./detect.js"
import type { SanctionsParseError } from "./errors.js"
import type { ParsedList } from "../model.js"
import { parseOfacFileSet } from "./ofacCsv.js"
import { parseUnXml } from "./unXml.js"

export const parseListFiles = (set: ListFiles): Effect.Effect<ParsedList, SanctionsParseError> =>
  set.list === "un_sc" ? parseUnXml(set.files.xml) : parseOfacFileSet(set.list, set.files)
