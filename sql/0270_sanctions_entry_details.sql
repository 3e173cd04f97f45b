-- Which form of an entry's display-only details (`entry.details`: addresses, remarks, dates of birth ...) a list
-- version's stored entries carry: NULL for a version stored before details were kept. An ingest of the same files
-- adds the details to such a version's entries in place (the entries' content hash does not cover them, so the
-- decisions and monitors bound to it do not move) and records the form here.
ALTER TABLE sanctions_versions ADD COLUMN details_format integer;
