import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class WebhookNotFound extends Schema.Error<WebhookNotFound>("WebhookNotFound")(
  ...errorAnswer("WebhookNotFound", "webhook_not_found", 404, "No webhook with this id for this API key.")
) {
  static of = (message: string) => new WebhookNotFound({ error: "webhook_not_found", message })
}

export class WebhookExists extends Schema.Error<WebhookExists>("WebhookExists")(
  ...errorAnswer("WebhookExists", "webhook_exists", 409, "The account already has a webhook for this URL.")
) {
  static of = (message: string) => new WebhookExists({ error: "webhook_exists", message })
}
