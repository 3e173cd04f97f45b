export type { LinkReason } from "../../domain/companyLinks.js"
