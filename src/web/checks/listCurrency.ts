import { dataTable, html, type Html } from "../html.js"
import type { StoredVerdict } from "./view.js"

type ScreenedList = NonNullable<StoredVerdict["lists"]>[number]

/** Fields a check made before they were kept does not have (absent, not null): said so, never guessed. */
const NOT_RECORDED = "not recorded at this check"

const published = (l: ScreenedList): string | null =>
  l.published_on === null
    ? "not stated by the publication"
    : l.dated_by === "publication" ? `${l.published_on} (as the publication states)`
    : l.dated_by === "operator" ? `${l.published_on} (given by the operator at loading)`
    : l.published_on

const fetchedFrom = (l: ScreenedList): Html | string =>
  l.fetched_from === undefined ? NOT_RECORDED : l.fetched_from === null ? "files loaded by the operator" : html`<code>${l.fetched_from}</code>`

const confirmed = (l: ScreenedList): Html | string =>
  l.confirmed_on === undefined ? NOT_RECORDED
    : l.confirmed_on === null ? "never confirmed by the publisher"
    : html`${l.confirmed_on} by the publisher at <code>${l.confirmed_from ?? "?"}</code>`

const limit = (l: ScreenedList): string => {
  if (l.max_age_days === null) return "no limit set by the operator"
  if (l.max_age_days === undefined) return l.stale ? "past the limit: stale" : `within the limit (${NOT_RECORDED})`
  if (l.age_days === null) return `${l.max_age_days} days: date unknown, counted stale`
  return l.stale ? `${l.max_age_days} days: past it, stale` : `${l.max_age_days} days: within it`
}

/**
 * How current each list was at the check, as the verdict's `lists` says it: the publication date and how it was
 * established, where the files came from, when and where the publisher last confirmed it, the age the limit was
 * applied to and the limit (or that the operator set none). Printed as shown.
 */
export const listCurrencyTable = (lists: StoredVerdict["lists"]) =>
  dataTable("How current each list was at the check", ["List", "Published", "Fetched from", "Confirmed current", "Age (days)", "Age limit"],
    (lists ?? []).map((l) => [l.name, published(l), fetchedFrom(l), confirmed(l), l.age_days === null ? "unknown" : l.age_days, limit(l)]),
    { empty: "This check predates the lists' dates being kept." })
