import { reviewReasonWords } from "../domain/reviewReasons.js"
import { listDisplayName } from "../sanctions/model.js"

/** A review reason in words (the pages never show the code); a code this version does not know reads as its words. */
export const reasonWords = (reason: string) => (reviewReasonWords as Readonly<Record<string, string>>)[reason] ?? reason.replace(/_/g, " ")

/** A screening list by its name ("OFAC SDN"), not its id (`ofac_sdn`); a name already is kept as it is. */
export const listWords = (list: string) => (listDisplayName as Readonly<Record<string, string>>)[list] ?? list

const EVENT_WORDS: Readonly<Record<string, string>> = {
  "sanctions.hit_added": "New sanctions hit",
  "sanctions.hit_removed": "Sanctions hit gone",
  "company.status_changed": "Company status changed",
  "debarment.added": "New debarment",
  "debarment.removed": "Debarment ended",
  "webhook.test": "Test event"
}

/** An event type in words ("New sanctions hit"); a type this version does not know reads as itself. */
export const eventWords = (type: string) => EVENT_WORDS[type] ?? type

/** Screening reads a legal form as its class ("Ltd" and "Limited" are `#ltd`): each class in words. */
const LEGAL_FORM_WORDS: Readonly<Record<string, string>> = {
  llc: "limited liability company", ltd: "limited company", plc: "public limited company", jsc: "joint stock company",
  ag: "stock corporation", sa: "société anonyme", inc: "incorporated", corp: "corporation", co: "company",
  lp: "limited partnership", llp: "limited liability partnership", gie: "economic interest group", est: "establishment",
  ue: "unitary enterprise", npo: "non-profit organisation", cc: "close corporation"
}

/** A list's kind of alias in words ("also known as", not `aka`). */
const ALIAS_KIND_WORDS: Readonly<Record<string, string>> = {
  primary: "name", aka: "also known as", fka: "formerly known as", nka: "now known as", weak_aka: "weak alias (the list's own)",
  acronym: "acronym derived from the name", packed: "second name of a listing that gives two in one",
  original_script: "name in its original script", low: "low-quality alias (the list's own)",
  translation: "translation the list gives", primary_variation: "variant spelling of the name the list gives"
}

export const aliasKindWords = (kind: string) => ALIAS_KIND_WORDS[kind] ?? kind.replace(/_/g, " ")

/**
 * A match explanation as a reviewer reads it: legal-form classes in words (`#co` -> "company") and alias kinds in
 * words ("its packed" -> "its second name of a listing that gives two in one"); the rest is already words.
 */
export const matchWords = (text: string) =>
  text
    .replace(/#([a-z]+)\b/g, (code, cls: string) => LEGAL_FORM_WORDS[cls] ?? code.slice(1))
    .replace(/\bits ([a-z_]+)([;)])/g, (all, kind: string, end: string) =>
      kind in ALIAS_KIND_WORDS && kind !== "primary" ? `its ${ALIAS_KIND_WORDS[kind]}${end}` : all)
