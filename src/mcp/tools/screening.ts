import { Effect } from "effect"
import { actorOf } from "../../access/actor.js"
import { ScreenBody, Screening as ScreeningAnswer } from "../../domain/schemas/Screen.js"
import { Screening } from "../../screening/Screening.js"
import { makeTool } from "../tool.js"

export const screeningTools = [
  makeTool({
    name: "screen_name",
    description: "Screens one name (person, organisation, vessel) against the sanctions lists; birth date, nationality " +
      "and identifiers raise or lower each hit. Kept as a check.",
    writes: false,
    idempotent: false,
    input: ScreenBody,
    output: ScreeningAnswer,
    run: (key, input) => Effect.flatMap(Screening, (screening) => screening.screen(input, actorOf(key)))
  })
]
