-- Who activated a version older than the one it replaced, and why (`kyb ingest sanctions --allow-older`).
ALTER TABLE sanctions_versions ADD COLUMN activated_by text;
ALTER TABLE sanctions_versions ADD COLUMN activation_reason text;
