import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { RegistryCoverageService } from "../../registries/RegistryCoverageService.js"

export const RegistriesHandlers = HttpApiBuilder.group(KybApi, "registries", (handlers) =>
  Effect.map(RegistryCoverageService, (registries) => handlers.handle("list", () => registries.list))).pipe(capturingGuarded(RegistryCoverageService))
