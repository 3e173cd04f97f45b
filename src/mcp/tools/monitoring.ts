import { Effect, Schema, Struct } from "effect"
import { actorOf } from "../../access/actor.js"
import { CheckListParams } from "../../domain/schemas/Check.js"
import { PageParams } from "../../domain/schemas/Paging.js"
import { IdParam } from "../../domain/schemas/params.js"
import { EventPage, Monitor, MonitorBody, MonitorPage } from "../../domain/schemas/Webhook.js"
import { Monitors } from "../../monitoring/Monitors.js"
import { makeTool } from "../tool.js"

export const monitoringTools = [
  makeTool({
    name: "create_monitor",
    description: "Watches a name or company: screened now and on every list change; changes are events.",
    writes: true,
    idempotent: false,
    input: MonitorBody,
    output: Monitor,
    run: (key, input) => Effect.flatMap(Monitors, (monitors) => monitors.create(actorOf(key), input))
  }),
  makeTool({
    name: "list_monitors",
    description: "The account's monitors, newest first.",
    writes: false,
    idempotent: true,
    // key_id (one key's monitors or events) is a report's filter, left to the REST routes: tools/list stays within its budget.
    input: PageParams(50).mapFields(Struct.omit(["key_id"])),
    output: MonitorPage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Monitors, (monitors) => monitors.list(key.accountId, input))
  }),
  makeTool({
    name: "delete_monitor",
    description: "Stops a monitor; its events stay.",
    writes: true,
    idempotent: false,
    destructive: true,
    input: Schema.Struct({ id: IdParam("monitor") }),
    output: Monitor,
    run: (key, input) => Effect.flatMap(Monitors, (monitors) => monitors.remove(actorOf(key), input.id.toLowerCase()))
  }),
  makeTool({
    name: "list_events",
    description: "What the monitors found, newest first.",
    writes: false,
    idempotent: true,
    input: CheckListParams.mapFields(Struct.omit(["key_id"])),
    output: EventPage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Monitors, (monitors) => monitors.events(key.accountId, input))
  })
]
