import { Config } from "effect"
import type { ListId } from "../sanctions/model.js"

/** One official publication: the files of one list, saved under the names the ingest recognises. */
export interface OfficialSource {
  readonly list: ListId
  readonly files: ReadonlyArray<{ readonly url: string; readonly file: string }>
}

export const DEFAULT_OFAC_URL = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports"
export const DEFAULT_UN_URL = "https://scsanctions.un.org/resources/xml/en/consolidated.xml"
export const DEFAULT_UK_URL = "https://ofsistorage.blob.core.windows.net/publishlive/2022format"
export const DEFAULT_EU_URL = "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw"

/** Where each list is fetched from; an empty address leaves that list out (its active version stays). */
export interface SourceAddresses {
  /** The OFAC exports folder (SDN.CSV, ALT.CSV ... CONS_PRIM.CSV ...). */
  readonly ofac: string
  /** The UN SC consolidated XML. */
  readonly un: string
  /** The OFSI folder (ConList.xlsx, InvBan.csv). */
  readonly uk: string
  /** The EU FSF XML 1.1 full file. */
  readonly eu: string
  /** The World Bank's debarment export (.xlsx); it publishes no stable file address, so none by default. */
  readonly worldBank: string
}

const joined = (base: string, file: string) => `${base.replace(/\/+$/, "")}/${file}`

/** The official publications at these addresses, in list order. */
export const officialSources = (at: SourceAddresses): ReadonlyArray<OfficialSource> => [
  ...(at.ofac === "" ? [] : [
    { list: "ofac_sdn" as const, files: ["SDN.CSV", "ALT.CSV", "ADD.CSV", "SDN_COMMENTS.CSV"].map((f) => ({ url: joined(at.ofac, f), file: f.toLowerCase() })) },
    { list: "ofac_consolidated" as const, files: ["CONS_PRIM.CSV", "CONS_ALT.CSV", "CONS_ADD.CSV", "CONS_COMMENTS.CSV"].map((f) => ({ url: joined(at.ofac, f), file: f.toLowerCase() })) }
  ]),
  ...(at.un === "" ? [] : [{ list: "un_sc" as const, files: [{ url: at.un, file: "consolidated.xml" }] }]),
  ...(at.uk === "" ? [] : [
    { list: "uk_ofsi" as const, files: [{ url: joined(at.uk, "ConList.xlsx"), file: "ConList.xlsx" }] },
    { list: "uk_invban" as const, files: [{ url: joined(at.uk, "InvBan.csv"), file: "InvBan.csv" }] }
  ]),
  ...(at.eu === "" ? [] : [{ list: "eu_fsf" as const, files: [{ url: at.eu, file: "eu_fsf.xml" }] }]),
  ...(at.worldBank === "" ? [] : [{ list: "worldbank_debarred" as const, files: [{ url: at.worldBank, file: "worldbank_debarred.xlsx" }] }])
]

const address = (name: string, fallback: string) => Config.String(name).pipe(Config.withDefault(fallback))

/** KYB_LISTS_OFAC_URL, KYB_LISTS_UN_URL, KYB_LISTS_UK_URL, KYB_LISTS_EU_URL, KYB_LISTS_WORLDBANK_URL (README). */
export const sourceAddresses: Config.Config<SourceAddresses> = Config.all({
  ofac: address("KYB_LISTS_OFAC_URL", DEFAULT_OFAC_URL),
  un: address("KYB_LISTS_UN_URL", DEFAULT_UN_URL),
  uk: address("KYB_LISTS_UK_URL", DEFAULT_UK_URL),
  eu: address("KYB_LISTS_EU_URL", DEFAULT_EU_URL),
  worldBank: address("KYB_LISTS_WORLDBANK_URL", "")
})
