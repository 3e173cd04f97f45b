import { type NameWord, organisationInitials } from "../../domain/initialism.js"
import { screeningFold } from "./fold.js"
import { TokenClass, type WrittenToken, writtenTokensOfFolded } from "./tokens.js"

/** The words of a name as initials read them: legal forms and function words apart from the name's own words. */
export const nameWordsOf = (read: ReadonlyArray<WrittenToken>): ReadonlyArray<NameWord> =>
  read.flatMap(({ token, written }): ReadonlyArray<NameWord> =>
    token.cls === TokenClass.legalForm
      ? written.split(" ").map((word) => ({ word, role: "legal_form" }))
      : token.cls === TokenClass.stopword
      ? [{ word: written, role: "function" }]
      : [{ word: token.text, role: "content" }]
  )

/** The initials an indexed name may be known by (`organisationInitials`). */
export const initialsOfName = (text: string): ReadonlyArray<string> =>
  organisationInitials(nameWordsOf(writtenTokensOfFolded(screeningFold(text))))
