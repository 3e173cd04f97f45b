import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class ListEntryNotFound extends Schema.Error<ListEntryNotFound>("ListEntryNotFound")(
  ...errorAnswer("ListEntryNotFound", "list_entry_not_found", 404, "No entry with this id on the active version of this list.")
) {
  static of = (message: string) => new ListEntryNotFound({ error: "list_entry_not_found", message })
}

export class DecisionNotFound extends Schema.Error<DecisionNotFound>("DecisionNotFound")(
  ...errorAnswer("DecisionNotFound", "decision_not_found", 404, "No decision with this id for this account.")
) {
  static of = (message: string) => new DecisionNotFound({ error: "decision_not_found", message })
}

export class NotTheProposer extends Schema.Error<NotTheProposer>("NotTheProposer")(
  ...errorAnswer("NotTheProposer", "not_the_proposer", 403, "Only the member who proposed the decision (in the console, or with a key they made) may withdraw it; nothing changed.")
) {
  static of = (message: string) => new NotTheProposer({ error: "not_the_proposer", message })
}
