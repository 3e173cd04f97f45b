import { HttpApiBuilder } from "effect/http-api"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Monitors } from "../../monitoring/Monitors.js"
import { Webhooks } from "../../webhooks/Webhooks.js"
import { writing } from "../writeScope.js"

export const MonitoringHandlers = HttpApiBuilder.group(KybApi, "monitoring", (handlers) =>
  Effect.map(Monitors, (monitors) =>
    handlers
      .handle("create", ({ payload }) => writing((_key, actor) => monitors.create(actor, payload)))
      .handle("list", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => monitors.list(key.accountId, urlParams)))
      .handle("get", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => monitors.get(key.accountId, path.id.toLowerCase())))
      .handle("delete", ({ path }) => writing((_key, actor) => monitors.remove(actor, path.id.toLowerCase())))
      .handle("events", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => monitors.events(key.accountId, urlParams)))))

export const WebhooksHandlers = HttpApiBuilder.group(KybApi, "webhooks", (handlers) =>
  Effect.map(Webhooks, (webhooks) =>
    handlers
      .handle("create", ({ payload }) => writing((_key, actor) => webhooks.register(actor, payload)))
      .handle("list", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => webhooks.list(key.accountId, urlParams)))
      .handle("delete", ({ path }) => writing((_key, actor) => webhooks.remove(actor, path.id.toLowerCase())))
      .handle("deliveries", ({ path, urlParams }) =>
        Effect.flatMap(CurrentApiKey, (key) => webhooks.deliveries(key.accountId, path.id.toLowerCase(), urlParams)))))
