-- Sessions follow their member's generation (members.session_generation, 0240 and after): the account-wide one added
-- by 0260 before members landed is read by nothing.
ALTER TABLE accounts DROP COLUMN IF EXISTS session_generation;
