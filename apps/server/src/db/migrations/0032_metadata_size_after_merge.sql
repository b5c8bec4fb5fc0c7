-- weft_merge_metadata also bounds the merged metadata's size: more than 16 KB as JSON text after
-- the merge raises SQLSTATE WF413 and the statement writes nothing (each request's metadata is
-- at most 16 KB, but merges add up). As 0031 otherwise.
CREATE OR REPLACE FUNCTION weft_merge_metadata(p_current jsonb, p_sent jsonb) RETURNS jsonb
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
  IF merged IS NOT NULL AND octet_length(merged::text) > 16384 THEN
    RAISE EXCEPTION 'Metadata would be more than 16 KB' USING ERRCODE = 'WF413';
  END IF;
  RETURN merged;
END
$$;
