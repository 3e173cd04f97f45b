-- Each ingested list file set is a version; exactly one version per list is active.
CREATE TABLE sanctions_versions (
  id            bigserial PRIMARY KEY,
  list          text        NOT NULL CHECK (list IN ('ofac_sdn', 'ofac_consolidated', 'un_sc')),
  published_on  date,
  label         text        NOT NULL,
  file_hashes   jsonb       NOT NULL,
  entry_count   integer     NOT NULL,
  alias_count   integer     NOT NULL,
  loaded_at     timestamptz NOT NULL DEFAULT now(),
  active        boolean     NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX sanctions_versions_one_active ON sanctions_versions (list) WHERE active;

CREATE TABLE sanctions_entries (
  version_id  bigint NOT NULL REFERENCES sanctions_versions (id) ON DELETE CASCADE,
  entry_id    text   NOT NULL,
  entry       jsonb  NOT NULL,
  PRIMARY KEY (version_id, entry_id)
);
