import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { Verifier } from "../../verify/Verifier.js"

export const VerifyHandlers = HttpApiBuilder.group(KybApi, "verify", (handlers) =>
  Effect.map(Verifier, (verifier) =>
    handlers
      .handle("verifyByQuery", ({ urlParams }) => verifier.verify(urlParams))
      .handle("verifyByBody", ({ payload }) => verifier.verify(payload))))
