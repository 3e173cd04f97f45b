/** Examples of monitors, events, webhooks and the audit log, added to `examples` in this order. */
export const addEventExamples = (examples: Record<string, unknown>): void => {
  const monitor = {
    id: "8e0a2c4e-6f8a-4b2d-9f6a-8c0e2b4d6f8a",
    name: "New Horizon Maritime Trading",
    country: null,
    registration_no: null,
    screened_name: "New Horizon Maritime Trading",
    hits: 0,
    created_at: "2026-11-24T10:00:00.000Z",
    created_by: { type: "member", id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst", display_name: "Ana Analyst" }
  }
  examples["monitoring.create"] = monitor
  examples["monitoring.get"] = monitor
  examples["monitoring.delete"] = monitor
  examples["monitoring.list"] = { monitors: [monitor], next_cursor: null }
  const event = {
    id: "3f5a7c9e-1b3d-4f5a-8c9e-1b3d5f7a9c1e",
    type: "sanctions.hit_added",
    created_at: "2026-11-24T10:05:00.000Z",
    data: {
      monitor_id: monitor.id,
      subject: { name: monitor.name, country: null, registration_no: null },
      list: "ofac_sdn",
      entry_id: "99001",
      listed_name: "NEW HORIZON MARITIME TRADING FZE",
      list_version: "2024-06-01",
      check_id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10"
    }
  }
  examples["monitoring.events"] = { events: [event], next_cursor: null }
  const webhook = {
    id: "6b8d0f2a-4c6e-4a8b-9d0f-2a4c6e8b0d2f",
    url: "https://hooks.example.com/kyb",
    events: ["sanctions.hit_added", "sanctions.hit_removed"],
    created_at: "2026-11-24T10:00:00.000Z",
    created_by: { type: "member", id: "mem_7a9c1e3b5d7f9a1c", name: "Ade Admin", display_name: "Ade Admin" }
  }
  examples["webhooks.create"] = { ...webhook, secret: "whsec_7fQ2mS9xKp4rT8vB1nL6yH3cW5dZ0gJa" }
  examples["webhooks.list"] = { webhooks: [webhook], next_cursor: null }
  examples["webhooks.delete"] = webhook
  examples["webhooks.deliveries"] = {
    deliveries: [{
      event_id: event.id,
      type: event.type,
      state: "delivered",
      next_attempt_at: null,
      attempts: [
        { attempt: 1, at: "2026-11-24T10:05:01.000Z", status_code: 500, error: "HTTP 500", duration_ms: 41 },
        { attempt: 2, at: "2026-11-24T10:05:31.000Z", status_code: 204, error: null, duration_ms: 38 }
      ]
    }],
    next_cursor: null
  }

  examples["audit.list"] = {
    entries: [{
      seq: 41,
      at: "2026-11-24T10:00:00.120Z",
      actor: { type: "member", id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst", display_name: "Ana Analyst" },
      action: "decision.recorded",
      object: { type: "decision", id: "2c4e6f8a-0b2d-4f6a-8c0e-2b4d6f8a0c2e" },
      address: "198.51.100.23",
      client: "Mozilla/5.0 (X11; Linux x86_64)",
      outcome: "succeeded",
      details: { list: "ofac_sdn", entry_id: "306", decision: "false_positive" },
      prev_hash: "5d1f0c7a9e3b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f",
      hash: "8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d"
    }],
    next_cursor: null
  }
}
