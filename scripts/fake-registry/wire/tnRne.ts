import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { matches, numberKey, type WireHandler } from "./types.js"

const listPath = "/api/rne-api/front-office/shortEntites"
const detailPrefix = "/api/rne-api/front-office/entites/short-details/"
const statusWord = { active: "Actif", dormant: "Suspendu", dissolved: "Radié", unknown: "Inconnu" } as const

const tradingName = (record: RegistryRecord) => record.aliases?.find((alias) => alias.kind === "trading")?.name ?? null

const shortRow = (record: RegistryRecord) => ({
  identifiantUnique: record.registration_no,
  denominationLatin: record.legal_name,
  denomination: null,
  nomCommercialFr: tradingName(record),
  nomCommercialAr: null
})

const detail = (record: RegistryRecord) => ({
  typeRegistre: "PM",
  categorieRegistre: "M",
  idUnique: record.registration_no,
  formeJuridiqueFr: record.entity_type_label ?? null,
  etatRegistreFr: record.status ? statusWord[record.status] : null,
  nomCommercialFr: tradingName(record),
  denominationLatin: record.legal_name,
  denomination: null,
  rueFr: record.registered_address ?? null,
  codePostal: null,
  villeFr: null
})

/** Front office: GET shortEntites?denominationLatin=…&limit&afterId (cursor); detail by identifiantUnique (404 if unknown). */
export const tnRneWire: WireHandler = (request, records) => {
  if (request.method !== "GET") return undefined
  if (request.path.startsWith(detailPrefix)) {
    const id = decodeURIComponent(request.path.slice(detailPrefix.length))
    const record = records.find((candidate) => numberKey(candidate.registration_no) === numberKey(id))
    return record ? { status: 200, body: detail(record) } : { status: 404, body: { message: "Entité introuvable" } }
  }
  if (request.path !== listPath) return undefined
  const term = request.query.get("denominationLatin") ?? request.query.get("denomination") ?? ""
  const limit = Number(request.query.get("limit") ?? 10) || 10
  const afterId = request.query.get("afterId") ?? ""
  const found = records
    .filter((record) => matches(record, term))
    .sort((a, b) => a.registration_no.localeCompare(b.registration_no))
  const page = found.filter((record) => afterId === "" || record.registration_no > afterId).slice(0, limit)
  return { status: 200, body: { registres: page.map(shortRow), total: found.length } }
}
