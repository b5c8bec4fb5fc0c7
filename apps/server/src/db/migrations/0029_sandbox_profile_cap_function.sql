-- A SANDBOX environment's profile cap, checked inside the statement that creates the profile
-- (profiles/service.ts): the statement takes the new profile's id from this function, which
-- locks the environment's row and then counts its profiles with a fresh snapshot (each statement
-- of a PL/pgSQL function reads one). A create that waited for the lock so sees the profile that
-- the one before it committed, and no two creates pass the cap together. At the cap it raises
-- SQLSTATE WF403, and the statement writes nothing.
CREATE FUNCTION weft_sandbox_profile_id(p_environment_id text, p_limit integer, p_id text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM environments WHERE id = p_environment_id FOR UPDATE;
  IF (SELECT count(*) FROM profiles WHERE environment_id = p_environment_id AND deleting_at IS NULL) >= p_limit THEN
    RAISE EXCEPTION 'SANDBOX profile cap (%) reached', p_limit USING ERRCODE = 'WF403';
  END IF;
  RETURN p_id;
END
$$;
