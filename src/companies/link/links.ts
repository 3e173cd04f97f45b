export { type LinkReason, linkReasons } from "../../domain/companyLinks.js"
