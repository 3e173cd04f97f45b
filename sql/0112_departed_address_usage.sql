-- An address deleted this month does not get a second free quota (issue 25): when an account is deleted its month's
-- usage is kept under the SHA-256 of its lower-cased address (not the address), and an account signed up with the
-- same address in the same month starts from it. Rows of past months are deleted (nothing is kept past the month).
CREATE TABLE departed_usage (
  address_sha256 text   NOT NULL,
  period         date   NOT NULL,
  used           bigint NOT NULL CHECK (used >= 0),
  PRIMARY KEY (address_sha256, period)
);
