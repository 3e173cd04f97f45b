-- The last day an official download found a list version still the one published (`kyb lists update` fetching the
-- same files again): a version is current as of the later of this and its publication date.
ALTER TABLE sanctions_versions ADD COLUMN confirmed_on date;
