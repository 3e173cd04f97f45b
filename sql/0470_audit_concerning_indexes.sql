-- The entries that concern a case (its case file, issue 55): read by the case's objects (`object_id IN ...`) or by the
-- case its details name (`details->>'case_id'`). Neither was indexed: every case file read the account's whole log.
-- With these two the planner ORs two index scans (AuditRepo.concerning; test/audit/concerningPlan.test.ts checks the plan).
CREATE INDEX audit_log_object ON audit_log (account_id, object_id) WHERE object_id IS NOT NULL;
CREATE INDEX audit_log_case ON audit_log (account_id, (details->>'case_id')) WHERE (details->>'case_id') IS NOT NULL;
