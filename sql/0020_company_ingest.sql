-- Digests of the alias and officer lists a company's record was last written with, so that CompanyWriter can
-- tell an unchanged observation from a changed one without reading the lists back.
ALTER TABLE companies ADD COLUMN aliases_digest text;
ALTER TABLE companies ADD COLUMN officers_digest text;
