-- Each field of the check's company with its own source, date and confidence, as GET /v1/company gave them when the
-- check was made (null: no company resolved, or a check made before this column).
ALTER TABLE checks ADD COLUMN provenance jsonb;
