import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { dayFirst, internalId, numberKey, type WireHandler } from "./types.js"

/**
 * RCS Madagascar's search as CodecraftsmanArslan/WEB-CRAWLERS .../kyb/madagascar/madagascar_official_registry.py
 * reads it (2024-05): a form POST to `index.php?pgdown=recherche2`; the second `div.corps` holds the paging links
 * (`?pgdown=recherche2&page=N&req=<token>&deb=N`) and "Nombre de page : N" (pages 0..N); a `<tbody>` whose rows link
 * to detail pages ("Plus d'Infos"); a detail page's `table.simple2` of label / ": value" rows with one nested table
 * per dirigeant. Not evidenced, and this fake's own choice: the detail path (`pgdown=detail&id=`), the token's
 * content (base64 of the form), the list's columns and five rows a page.
 */
const PAGE_SIZE = 5

const escape = (value: string | null | undefined): string =>
  (value ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const layout = (content: string) => `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><title>RCS Madagascar - Recherche</title></head><body>
<div class="corps"><ul class="menu"><li><a href="index.php">Accueil</a></li><li><a href="index.php?pgdown=recherche2">Recherche</a></li></ul></div>
${content}
</body></html>`

type Form = Readonly<Record<string, string>>

const found = (records: ReadonlyArray<RegistryRecord>, form: Form) => {
  const name = (form["Denomination"] ?? "").trim().toLowerCase()
  const number = numberKey(form["Immatriculation"] ?? "")
  if (name.length === 0 && number.length === 0) return []
  return records.filter((record) =>
    (name.length === 0 || record.legal_name.toLowerCase().includes(name)) &&
    (number.length === 0 || numberKey(record.registration_no) === number)
  )
}

const resultsPage = (records: ReadonlyArray<RegistryRecord>, form: Form, page: number) => {
  const rows = found(records, form)
  const last = Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1)
  const token = encodeURIComponent(Buffer.from(JSON.stringify(form)).toString("base64"))
  const paging = Array.from({ length: last + 1 }, (_, index) =>
    `<a href="index.php?pgdown=recherche2&amp;page=${index}&amp;req=${token}&amp;deb=${index}">${index + 1}</a>`
  ).join(" ")
  const body = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((record) =>
    `<tr><td>${escape(record.registration_no)}</td><td>${escape(record.legal_name)}</td><td>${escape(record.entity_type_label)}</td>` +
    `<td><a href="index.php?pgdown=detail&amp;id=${internalId(record)}">Plus d'Infos</a></td></tr>`
  ).join("\n")
  return layout(`<div class="corps">
<p>Nombre de résultat : ${rows.length}</p>
<p>Nombre de page : ${last}</p>
<table class="simple"><thead><tr><th>Immatriculation</th><th>Dénomination</th><th>Forme juridique</th><th></th></tr></thead>
<tbody>
${body}
</tbody></table>
<div class="pagination">${paging}</div>
</div>`)
}

const row = (label: string, value: string | null | undefined) => `<tr><td>${label}</td><td>: ${escape(value)}</td></tr>`

const detailPage = (record: RegistryRecord) => {
  const dirigeants = (record.officers ?? []).map((officer) =>
    `<tr><td>Dirigeant</td><td><table>${row("Qualité", officer.role)}${row("Nom et prénoms", officer.name)}` +
    `${row("Adresse", null)}${row("Date de naissance", null)}</table></td></tr>`
  ).join("\n")
  return layout(`<div class="corps"><h2>Informations sur la société</h2>
<table class="simple2">
${row("Denomination", record.legal_name)}
${row("Sigle", null)}
${row("Immatriculation", record.registration_no)}
${row("Forme juridique", record.entity_type_label)}
${row("Adresse", record.registered_address)}
${row("Date d'immatriculation", dayFirst(record.incorporation_date))}
${row("Capital", null)}
${row("Activité", null)}
${dirigeants}
</table></div>`)
}

const formOf = (text: string): Form => Object.fromEntries(new URLSearchParams(text))

export const mgRcsWire: WireHandler = (request, records) => {
  if (request.path !== "/index.php") return undefined
  const view = request.query.get("pgdown")
  if (view === "recherche2" && request.method === "POST") {
    return { status: 200, body: resultsPage(records, formOf(request.text), 0) }
  }
  if (view === "recherche2" && request.method === "GET" && request.query.has("req")) {
    const form = JSON.parse(Buffer.from(request.query.get("req") ?? "", "base64").toString("utf8") || "{}") as Form
    return { status: 200, body: resultsPage(records, form, Number(request.query.get("page") ?? 0) || 0) }
  }
  if (view === "detail" && request.method === "GET") {
    const record = records.find((candidate) => String(internalId(candidate)) === request.query.get("id"))
    return record === undefined
      ? { status: 200, body: layout(`<div class="corps"><p>Aucune information</p></div>`) }
      : { status: 200, body: detailPage(record) }
  }
  return undefined
}
