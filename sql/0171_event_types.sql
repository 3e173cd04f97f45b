-- Every event type at once: 0141 (debarment events) and 0170 (the webhook test event) were written side by side and
-- each replaced the constraint with its own list, so the later one refused the debarment events.
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check
  CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed', 'debarment.added',
    'debarment.removed', 'webhook.test'));
