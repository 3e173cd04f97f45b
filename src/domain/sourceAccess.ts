/** What a source can confirm about a business (issue 54's coverage). */
export const confirmables = ["registered", "status", "officers", "owners"] as const
export type Confirmable = (typeof confirmables)[number]

/** On what terms a source answers a machine: no key, only to partners, for a fee, behind a captcha or a login. */
export const accessTerms = ["free", "partner_only", "paid", "captcha", "login", "no_public_search"] as const
export type AccessTerms = (typeof accessTerms)[number]
