-- Metadata sent onto a record's (profiles, connections, accounts, transactions), as Quiltt,
-- Stripe and JSON Merge Patch (RFC 7396) do: the keys sent replace the record's own, a key sent
-- as null is removed, the others stay; metadata sent as null clears them all, and none left is
-- null. More than 50 keys after the merge raises SQLSTATE WF422, and the statement writes nothing.
CREATE FUNCTION weft_merge_metadata(p_current jsonb, p_sent jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  merged jsonb;
BEGIN
  IF p_sent IS NULL OR jsonb_typeof(p_sent) <> 'object' THEN
    RETURN NULL;
  END IF;
  SELECT jsonb_object_agg(key, value) INTO merged
    FROM jsonb_each(coalesce(p_current, '{}'::jsonb) || p_sent)
    WHERE jsonb_typeof(value) <> 'null';
  IF merged IS NOT NULL AND (SELECT count(*) FROM jsonb_object_keys(merged)) > 50 THEN
    RAISE EXCEPTION 'Metadata would have more than 50 keys' USING ERRCODE = 'WF422';
  END IF;
  RETURN merged;
END
$$;
