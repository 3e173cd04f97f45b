-- Log-in and sign-up throttling as one counter per subject and window, taken in one conditional upsert (the row lock
-- serialises concurrent takers, as the quota's counter does): concurrency cannot overshoot the limit.
-- scope: login_email, login_client, signup_client; subject: SHA-256 of the address or of the client's address.
CREATE TABLE auth_throttle (
  scope        text        NOT NULL,
  subject      text        NOT NULL,
  window_start timestamptz NOT NULL,
  taken        integer     NOT NULL CHECK (taken >= 0),
  PRIMARY KEY (scope, subject)
);
CREATE INDEX auth_throttle_window ON auth_throttle (window_start);

DROP TABLE auth_failures;
