-- Owners a source names by their LEI (GLEIF's level-2 parents): the LEI and the relationship (direct, ultimate, or
-- both), null for owners a register names without them (the CAC PSC register).
ALTER TABLE company_owners ADD COLUMN lei text;
ALTER TABLE company_owners ADD COLUMN relationship text
  CHECK (relationship IS NULL OR relationship IN ('direct', 'ultimate', 'direct_and_ultimate'));
