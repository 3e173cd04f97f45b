import { Config, ConfigProvider, Context, Effect } from "effect"
import type { ListId } from "../sanctions/model.js"

/** One publication: the files of one list, saved under the names the ingest recognises. */
export interface OfficialSource {
  readonly list: ListId
  readonly files: ReadonlyArray<{ readonly url: string; readonly file: string }>
  /** The address configured for it (KYB_LISTS_*_URL). */
  readonly address: string
  /** The address is the publisher's own: only then may a fetch confirm the list current. */
  readonly publisher: boolean
  /** For files that carry no date (OFAC's CSVs): the same publication's XML whose head states its Publish_Date. */
  readonly statedIn?: string
}

export const DEFAULT_OFAC_URL = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports"
export const DEFAULT_UN_URL = "https://scsanctions.un.org/resources/xml/en/consolidated.xml"
export const DEFAULT_UK_URL = "https://ofsistorage.blob.core.windows.net/publishlive/2022format"
export const DEFAULT_EU_URL = "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw"

/** Where each list is fetched from; an empty address leaves that list out (its active version stays). */
export interface SourceAddresses {
  /** The OFAC exports folder (SDN.CSV, ALT.CSV ... CONS_PRIM.CSV ..., SDN.XML and CONSOLIDATED.XML for their date). */
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

/** The publishers' own addresses: the only ones that can confirm a list current. */
export const OFFICIAL_ADDRESSES: SourceAddresses = { ofac: DEFAULT_OFAC_URL, un: DEFAULT_UN_URL, uk: DEFAULT_UK_URL, eu: DEFAULT_EU_URL, worldBank: "" }

/**
 * Which addresses count as the publishers' own. Not configuration: an operator's KYB_LISTS_*_URL can point at a copy,
 * never make it the publisher. Tests stand a fake publisher in for the real one on 127.0.0.1 by providing this.
 */
export const PublisherAddresses = Context.Reference<SourceAddresses>("kyb/listUpdates/PublisherAddresses", { defaultValue: () => OFFICIAL_ADDRESSES })

const trimmed = (url: string) => url.replace(/\/+$/, "")
const joined = (base: string, file: string) => `${trimmed(base)}/${file}`
const isPublisher = (address: string, publisher: string) => publisher !== "" && trimmed(address) === trimmed(publisher)

/** The publications at these addresses, in list order; `publishers`: the addresses that are the publishers' own. */
export const officialSources = (at: SourceAddresses, publishers: SourceAddresses = OFFICIAL_ADDRESSES): ReadonlyArray<OfficialSource> => {
  const of = (key: keyof SourceAddresses) => ({ address: at[key], publisher: isPublisher(at[key], publishers[key]) })
  const ofac = (names: ReadonlyArray<string>, xml: string) => ({
    ...of("ofac"), files: names.map((f) => ({ url: joined(at.ofac, f), file: f.toLowerCase() })), statedIn: joined(at.ofac, xml)
  })
  return [
    ...(at.ofac === "" ? [] : [
      { list: "ofac_sdn" as const, ...ofac(["SDN.CSV", "ALT.CSV", "ADD.CSV", "SDN_COMMENTS.CSV"], "SDN.XML") },
      { list: "ofac_consolidated" as const, ...ofac(["CONS_PRIM.CSV", "CONS_ALT.CSV", "CONS_ADD.CSV", "CONS_COMMENTS.CSV"], "CONSOLIDATED.XML") }
    ]),
    ...(at.un === "" ? [] : [{ list: "un_sc" as const, ...of("un"), files: [{ url: at.un, file: "consolidated.xml" }] }]),
    ...(at.uk === "" ? [] : [
      { list: "uk_ofsi" as const, ...of("uk"), files: [{ url: joined(at.uk, "ConList.xlsx"), file: "ConList.xlsx" }] },
      { list: "uk_invban" as const, ...of("uk"), files: [{ url: joined(at.uk, "InvBan.csv"), file: "InvBan.csv" }] }
    ]),
    ...(at.eu === "" ? [] : [{ list: "eu_fsf" as const, ...of("eu"), files: [{ url: at.eu, file: "eu_fsf.xml" }] }]),
    ...(at.worldBank === "" ? [] : [{ list: "worldbank_debarred" as const, ...of("worldBank"), files: [{ url: at.worldBank, file: "worldbank_debarred.xlsx" }] }])
  ]
}

/**
 * Whether the variable `name` is set, even to "" (which every ConfigProvider reads as missing): the environment's
 * provider still lists it among its parent's children (KYB → LISTS → UN → URL), an object's provider among its keys.
 */
const declared = Effect.fnUntraced(function*(name: string) {
  const provider = yield* ConfigProvider.ConfigProvider
  const segments = name.split("_")
  const has = (node: ConfigProvider.Node | undefined, key: string) => node?._tag === "Record" && node.keys.has(key)
  const root = yield* provider.load([])
  const parent = yield* provider.load(segments.slice(0, -1))
  return has(root, name) || has(parent, segments[segments.length - 1]!)
}, Effect.orElseSucceed(() => false))

/** An address: unset gives the publisher's; set to "" (or "off") leaves the list out, as docs/operations.md says. */
const address = Effect.fnUntraced(function*(name: string, fallback: string) {
  const value = yield* Config.option(Config.String(name))
  if (value._tag === "Some") return value.value.trim().toLowerCase() === "off" ? "" : value.value.trim()
  return (yield* declared(name)) ? "" : fallback
})

/** KYB_LISTS_OFAC_URL, KYB_LISTS_UN_URL, KYB_LISTS_UK_URL, KYB_LISTS_EU_URL, KYB_LISTS_WORLDBANK_URL (docs/operations.md). */
export const sourceAddresses: Effect.Effect<SourceAddresses, Config.ConfigError> = Effect.all({
  ofac: address("KYB_LISTS_OFAC_URL", DEFAULT_OFAC_URL),
  un: address("KYB_LISTS_UN_URL", DEFAULT_UN_URL),
  uk: address("KYB_LISTS_UK_URL", DEFAULT_UK_URL),
  eu: address("KYB_LISTS_EU_URL", DEFAULT_EU_URL),
  worldBank: address("KYB_LISTS_WORLDBANK_URL", "")
})
