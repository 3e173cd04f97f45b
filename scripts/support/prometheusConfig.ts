import * as path from "node:path"

export interface ScrapeTarget {
  /** The instance's name (KYB_INSTANCE_NAME), kept as the `instance` label. */
  readonly name: string
  /** host:port of its metrics listener (KYB_METRICS_PORT). */
  readonly address: string
}

/** The alert rules shipped with the service. */
export const alertRulesFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..", "docs", "observability", "alerts.yml")

/**
 * A Prometheus configuration scraping KYB instances as the job `kyb` (the name the alert rules use), each target
 * labelled with its instance name, with the service's alert rules loaded.
 */
export const prometheusConfig = (targets: ReadonlyArray<ScrapeTarget>, options: { readonly intervalSeconds?: number } = {}): string => {
  const interval = `${options.intervalSeconds ?? 15}s`
  return [
    "global:",
    `  scrape_interval: ${interval}`,
    `  evaluation_interval: ${interval}`,
    "rule_files:",
    `  - ${JSON.stringify(alertRulesFile)}`,
    "scrape_configs:",
    "  - job_name: kyb",
    "    metrics_path: /metrics",
    "    static_configs:",
    ...targets.flatMap((t) => [
      `      - targets: [${JSON.stringify(t.address)}]`,
      "        labels:",
      `          instance: ${JSON.stringify(t.name)}`
    ]),
    ""
  ].join("\n")
}
