-- Issue 30: the UK (OFSI Consolidated, OFSI investment ban) and EU (FSF) sanctions lists and the World Bank's
-- debarment list are versioned like the first three.
ALTER TABLE sanctions_versions DROP CONSTRAINT IF EXISTS sanctions_versions_list_check;
ALTER TABLE sanctions_versions ADD CONSTRAINT sanctions_versions_list_check
  CHECK (list IN ('ofac_sdn', 'ofac_consolidated', 'un_sc', 'uk_ofsi', 'uk_invban', 'eu_fsf', 'worldbank_debarred'));

-- The lists an account screens against; NULL: every list (new lists included as they are added).
ALTER TABLE accounts ADD COLUMN screening_lists text[];
