-- A secret shown once after a redirect (issue 42): a new API key or webhook signing secret is kept for the next
-- page of the session that made it, encrypted with a key derived from the session token (which the database does
-- not hold), and cleared as it is read, so a reload shows it no more and never makes another.
ALTER TABLE account_sessions ADD COLUMN flash bytea;
