import { randomBytes } from "node:crypto"
import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { field, type FakeReply, longDate, matches, type WireHandler } from "./types.js"

/**
 * CIPA "Search the Register" (Foster Moore Catalyst), as Albende/credyx packages/adapters/bw/adapter.py drives it
 * (2026-07; its live tests passed 2026-07-21): GET the start page, which sets `x-catalyst-registry-session` and
 * redirects to a per-session view; the view's HTML embeds the node state as JSON, where the search box is the node
 * just before `"attribute":"NameOrNumber"` and the button the node just before `"text":{"label":"Search"}`; two POSTs
 * to the view URL (`view-node-set-attribute-value`, then `view-node-button-click`) answer a node-state tree whose
 * result cards carry `css-search-result` in `dos`. Evidenced: the cookie name, the markers, the command bodies, the
 * card's button label `NAME (BW00001731678)`, the attributes Status, EntityType, appCode, RegistrationDate ("%d %B %Y")
 * and FullAddress. Not evidenced, and this fake's own choice: the view path, the page around the JSON, the status
 * words, and the answers to a missing session (401) or a click without a search term (no cards).
 */
export const cipaStartPath = "/master/ui/start/CIPARegisterSearch"
const viewPath = "/master/viewInstance/view.html"
const sessionCookie = "x-catalyst-registry-session"

interface Session {
  readonly viewId: string
  readonly boxId: string
  readonly buttonId: string
  term: string
}

const hex = () => randomBytes(8).toString("hex")
const statusWord = { active: "Registered", dormant: "Dormant", dissolved: "Removed", unknown: "Pending" } as const

const viewPage = (session: Session) => {
  const nodes = [
    { id: session.viewId, nodetype: "view", dos: ["css-register-search"], children: [session.boxId, session.buttonId] },
    { id: session.boxId, nodetype: "input", dos: ["css-search-box"], attribute: "NameOrNumber" },
    { id: session.buttonId, nodetype: "button", dos: ["css-search-button"], text: { label: "Search" } }
  ]
  return `<!DOCTYPE html><html><head><title>Search the Register | CIPA</title></head><body>
<div id="catalyst-root" class="catalyst-view"></div>
<script type="text/javascript">catalyst.start(${JSON.stringify({ viewInstance: session.viewId, nodes })});</script>
</body></html>`
}

/** One result card and its children, keyed by node id, as the click's state answer holds them. */
const card = (record: RegistryRecord): Record<string, unknown> => {
  const ids = Array.from({ length: 7 }, hex)
  const attribute = (index: number, name: string, value: string | null, label = false) => ({
    [ids[index]!]: {
      id: ids[index],
      nodetype: "label",
      attribute: name,
      attributeValue: value,
      ...(label ? { text: { label: value ?? "" } } : {})
    }
  })
  return {
    [ids[0]!]: { id: ids[0], nodetype: "container", dos: ["css-search-result"], children: ids.slice(1) },
    [ids[1]!]: {
      id: ids[1],
      nodetype: "button",
      dos: ["searchView", "css-result-title"],
      text: { label: `${record.legal_name} (${record.registration_no})` }
    },
    ...attribute(2, "Status", record.status ? statusWord[record.status] : null, true),
    ...attribute(3, "EntityType", record.entity_type_label ?? null, true),
    ...attribute(4, "appCode", "Companies", true),
    ...attribute(5, "RegistrationDate", record.incorporation_date ? longDate(record.incorporation_date) : null),
    ...attribute(6, "FullAddress", record.registered_address ?? null)
  }
}

const cookieOf = (headers: Readonly<Record<string, string | Array<string> | undefined>>): string | undefined => {
  const raw = headers["cookie"]
  const all = Array.isArray(raw) ? raw.join("; ") : raw ?? ""
  return all.split(/;\s*/).find((part) => part.startsWith(`${sessionCookie}=`))?.slice(sessionCookie.length + 1)
}

const commandOf = (body: unknown): Record<string, unknown> | undefined => {
  const commands = field(body, "commands")
  const first = Array.isArray(commands) ? commands[0] : undefined
  return first !== null && typeof first === "object" ? (first as Record<string, unknown>) : undefined
}

/** A fresh handler per server: it keeps the sessions it issued. */
export const makeBwCipaWire = (): WireHandler => {
  const sessions = new Map<string, Session>()
  const refused: FakeReply = { status: 401, body: { error: "session expired" } }

  return (request, records) => {
    if (request.method === "GET" && request.path === cipaStartPath) {
      const token = hex() + hex()
      const session: Session = { viewId: hex(), boxId: hex(), buttonId: hex(), term: "" }
      sessions.set(token, session)
      return {
        status: 302,
        headers: {
          Location: `${viewPath}?id=${session.viewId}`,
          "Set-Cookie": `${sessionCookie}=${token}; Path=/; HttpOnly; SameSite=Lax`
        }
      }
    }
    if (request.path !== viewPath) return undefined
    const session = sessions.get(cookieOf(request.headers) ?? "")
    if (session === undefined || request.query.get("id") !== session.viewId) return refused
    if (request.method === "GET") return { status: 200, body: viewPage(session) }
    if (request.method !== "POST") return undefined
    const command = commandOf(request.body)
    if (command?.["type"] === "view-node-set-attribute-value" && command["id"] === session.boxId) {
      session.term = typeof command["value"] === "string" ? command["value"] : ""
      return { status: 200, body: { state: { [session.boxId]: { id: session.boxId, attributeValue: session.term } } } }
    }
    if (command?.["type"] === "view-node-button-click" && command["id"] === session.buttonId) {
      const found = session.term.trim().length === 0 ? [] : records.filter((record) => matches(record, session.term))
      return {
        status: 200,
        body: { state: Object.assign({ [session.viewId]: { id: session.viewId, nodetype: "view" } }, ...found.map(card)) }
      }
    }
    return { status: 400, body: { error: "unknown node" } }
  }
}
