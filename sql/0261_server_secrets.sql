-- The key that seals page cursors (issue 41 item 7; KYB_CURSOR_SECRET overrides it), kept with the server's other
-- secrets (server_secrets, 0080) so that every instance of a fleet, and a restarted one, opens the cursors another
-- gave. Made here, once, from the server's strong random source (gen_random_uuid: 122 random bits each, two of them).
INSERT INTO server_secrets (name, value)
VALUES ('cursor', replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
ON CONFLICT (name) DO NOTHING;
