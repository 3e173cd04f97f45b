-- A test event (issue 29): sent to one webhook on request from the console, to show its receiver works. It is
-- delivered and logged like any event, but is not a monitoring event (GET /v1/events does not list it).
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check
  CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed', 'webhook.test'));
