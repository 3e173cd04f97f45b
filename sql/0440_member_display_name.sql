-- A member's display name (issue 55 item 6): what records, pages and the API name them by ("approved by Ada Obi").
-- Null: not given yet (pages show the member's address until they give one; nothing invents a name). Members who
-- joined by invitation typed a name when they accepted: it is theirs. Owners made at sign-up before this were named
-- by their address: they stay without one until they give it on the Account page.
ALTER TABLE members ADD COLUMN display_name text CHECK (display_name IS NULL OR char_length(display_name) BETWEEN 1 AND 120);
UPDATE members m SET display_name = m.name WHERE EXISTS (SELECT 1 FROM invitations i WHERE i.member_id = m.id);

-- The Members page's "last log-in": read from the audit log's log-ins, one index lookup per member.
CREATE INDEX audit_log_member_logins ON audit_log (account_id, (actor->>'id'), at DESC) WHERE action = 'member.logged_in';

-- A member who joined by invitation opened the link sent to their address: it counts as verified (read with every session).
CREATE INDEX invitations_member ON invitations (member_id) WHERE member_id IS NOT NULL;
