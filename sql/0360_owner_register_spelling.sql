-- An owner's name as the register itself writes it, beside the reading a copy of the register gives (issue 53 item 7):
-- both are served and both are screened. Null: the copy gives no other spelling.
ALTER TABLE company_owners ADD COLUMN IF NOT EXISTS name_as_registered text;
