-- A batch job verifies businesses (POST /v1/verify/batch) or screens names (POST /v1/screen/batch); its rows' answers
-- (`batch_items.verdict`) are verdicts or screenings accordingly.
ALTER TABLE batch_jobs ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'verify' CHECK (kind IN ('verify', 'screen'));
