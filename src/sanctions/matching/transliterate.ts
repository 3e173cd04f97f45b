import anyAscii from "any-ascii"

/**
 * Latin renderings of every non-Latin script the lists write names in (Arabic, Cyrillic, Han, Hangul, Greek ... ;
 * `test/sanctions/transliterate.test.ts` checks that every original-script name of the real lists comes out Latin),
 * by any-ascii (Unicode CLDR and Unihan derived tables, maintained upstream), applied after the script's own
 * spelling variants are folded: a name typed on another keyboard or without its vowel marks is the same name.
 */

/**
 * Arabic letters typed interchangeably (hamza seats, alef forms, final ya / alef maqsura, Persian and Urdu letter
 * forms of the same letters), and the marks that are optional in writing (tashkeel, tatweel): one form each.
 */
const ARABIC_VARIANTS: Readonly<Record<string, string>> = {
  "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ٲ": "ا", "ٳ": "ا", "ى": "ي", "ی": "ي", "ې": "ي", "ئ": "ي", "ؤ": "و", "ک": "ك",
  "ڪ": "ك", "ھ": "ه", "ہ": "ه", "ۀ": "ه", "ة": "ه", "ۃ": "ه", "ء": ""
}
const ARABIC_VARIANT = new RegExp(`[${Object.keys(ARABIC_VARIANTS).join("")}]`, "g")
const ARABIC_OPTIONAL_MARKS = /[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g
/** The article written on the word ("القاعدة"): its own word, "al", as the Latin spellings write it ("al-Qaida"). */
const ARABIC_ARTICLE = /(^|[^\u0600-\u06ff])ال(?=[\u0620-\u064a\u0671-\u06d3]{2})/g
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/

/**
 * Arabic words of legal forms and their Latin equivalents (the list writes "راحت لمتد" for "RAHAT LTD."): read as
 * the legal forms they are. Source: the Arabic company-type names of rigour's org_types.yml
 * (https://github.com/opensanctions/rigour, resources/names/org_types.yml, MIT) and the UN list's own spellings.
 */
const ARABIC_WORDS: Readonly<Record<string, string>> = {
  "شركه": "company", "شركت": "company", "مؤسسه": "establishment", "موسسه": "establishment", "محدوده": "limited",
  "لمتد": "limited", "ليمتد": "limited", "ليميتد": "limited", "مساهمه": "joint stock", "ذات": "", "مسووليه": "liability",
  "مسؤوليه": "liability"
}

const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u

const foldArabic = (text: string): string =>
  text
    .normalize("NFKC")
    .replace(ARABIC_OPTIONAL_MARKS, "")
    .replace(ARABIC_VARIANT, (c) => ARABIC_VARIANTS[c] ?? c)
    .replace(ARABIC_ARTICLE, "$1ال ")
    .split(/(\s+)/)
    .map((word) => ARABIC_WORDS[word] ?? (word === "ال" ? "al" : word))
    .join("")

/** Lower-case text with every letter of another script rendered in Latin; Latin text is returned as it is. */
export const transliterate = (lower: string): string => {
  if (!NON_LATIN.test(lower)) return lower
  const text = ARABIC.test(lower) ? foldArabic(lower) : lower
  // Latin letters (accents included) stay for the shared fold; only other scripts go through any-ascii.
  return text.replace(/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+/gu, (run) => anyAscii(run).toLowerCase())
}
