-- Ends as fences (issue 41). A session carries the account's session generation when its log-in checked the
-- password; a password change moves the generation on, so no session issued before it commits (an in-flight log-in
-- included) is ever valid again.
ALTER TABLE accounts ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
ALTER TABLE account_sessions ADD COLUMN generation integer NOT NULL DEFAULT 0;

-- A batch job is charged one unit per row it will verify, in the month and on the day it was taken in; when it is
-- cancelled the rows never verified are given back there (a cancelled job costs only what it verified).
ALTER TABLE batch_jobs ADD COLUMN charged_period date;
ALTER TABLE batch_jobs ADD COLUMN charged_day date;
ALTER TABLE batch_jobs ADD COLUMN charged_units integer NOT NULL DEFAULT 0;
