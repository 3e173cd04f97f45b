-- Issue 30: a monitored name or company newly debarred (or no longer on the debarment list) is an event of its own.
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check
  CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed', 'debarment.added', 'debarment.removed'));
