-- A merchant's configuration history is append-only: a version is never changed or removed; a
-- rollback is a new version (docs/backoffice.md "Configuration").
CREATE OR REPLACE FUNCTION merchant_config_versions_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: configuration versions are append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER merchant_config_versions_append_only BEFORE UPDATE OR DELETE ON merchant_config_versions
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_config_versions_forbid_change();
CREATE OR REPLACE TRIGGER merchant_config_versions_no_truncate BEFORE TRUNCATE ON merchant_config_versions
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_config_versions_forbid_change();
