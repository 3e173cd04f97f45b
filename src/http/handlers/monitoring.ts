import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { CurrentApiKey } from "../../api/security.js"
import { Monitors } from "../../monitoring/Monitors.js"
import { Webhooks } from "../../webhooks/Webhooks.js"
import { writing } from "../writeScope.js"

export const MonitoringHandlers = HttpApiBuilder.group(KybApi, "monitoring", (handlers) =>
  Effect.map(Monitors, (monitors) =>
    handlers
      .handle("create", ({ payload }) => writing((_key, actor) => monitors.create(actor, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => monitors.list(key.accountId, query)))
      .handle("get", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => monitors.get(key.accountId, params.id.toLowerCase())))
      .handle("delete", ({ params }) => writing((_key, actor) => monitors.remove(actor, params.id.toLowerCase())))
      .handle("events", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => monitors.events(key.accountId, query))))).pipe(capturingGuarded(Monitors))

export const WebhooksHandlers = HttpApiBuilder.group(KybApi, "webhooks", (handlers) =>
  Effect.map(Webhooks, (webhooks) =>
    handlers
      .handle("create", ({ payload }) => writing((_key, actor) => webhooks.register(actor, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => webhooks.list(key.accountId, query)))
      .handle("delete", ({ params }) => writing((_key, actor) => webhooks.remove(actor, params.id.toLowerCase())))
      .handle("deliveries", ({ params, query }) =>
        Effect.flatMap(CurrentApiKey, (key) => webhooks.deliveries(key.accountId, params.id.toLowerCase(), query))))).pipe(capturingGuarded(Webhooks))
