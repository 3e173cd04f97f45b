import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Monitors } from "../../monitoring/Monitors.js"
import { Webhooks } from "../../webhooks/Webhooks.js"
import { writing } from "../writeScope.js"

export const MonitoringHandlers = HttpApiBuilder.group(KybApi, "monitoring", (handlers) =>
  Effect.map(Monitors, (monitors) =>
    handlers
      .handle("create", ({ payload }) => writing((key) => monitors.create(key.id, payload)))
      .handle("list", () => Effect.flatMap(CurrentApiKey, (key) => monitors.list(key.id)))
      .handle("get", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => monitors.get(key.id, path.id.toLowerCase())))
      .handle("delete", ({ path }) => writing((key) => monitors.remove(key.id, path.id.toLowerCase())))
      .handle("events", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => monitors.events(key.id, urlParams)))))

export const WebhooksHandlers = HttpApiBuilder.group(KybApi, "webhooks", (handlers) =>
  Effect.map(Webhooks, (webhooks) =>
    handlers
      .handle("create", ({ payload }) => writing((key) => webhooks.register(key.id, payload)))
      .handle("list", () => Effect.flatMap(CurrentApiKey, (key) => webhooks.list(key.id)))
      .handle("delete", ({ path }) => writing((key) => webhooks.remove(key.id, path.id.toLowerCase())))
      .handle("deliveries", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => webhooks.deliveries(key.id, path.id.toLowerCase())))))
