-- A check is a verification (a business's verdict) or a screening of one name (POST /v1/screen): `verdict` holds the
-- verdict or the screening exactly as answered, `kind` says which.
ALTER TABLE checks ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'verify' CHECK (kind IN ('verify', 'screen'));
