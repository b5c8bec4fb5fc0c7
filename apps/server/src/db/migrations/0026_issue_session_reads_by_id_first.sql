-- weft_issue_session finds the profile by its id, and by its uuid only when no profile has that
-- id: a primary-key lookup, where `id = … OR uuid = …` read both indexes and merged them on every
-- issue (about a tenth of PostgreSQL's time for the statement, with pgbench). As 0023 otherwise.
CREATE OR REPLACE FUNCTION weft_issue_session(
  p_environment_id text,
  p_profile text,
  p_session_id text,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_windows interval[],
  p_maxima integer[],
  p_audit_id text,
  p_actor_type text,
  p_actor_id text,
  p_action text,
  p_status integer,
  p_request_id text
) RETURNS TABLE (outcome text, profile_id text, profile_uuid text, limit_index integer, retry_after_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  v_uuid text;
  v_deleting_at timestamptz;
  v_oldest timestamptz;
BEGIN
  SELECT p.id, p.uuid, p.deleting_at INTO v_id, v_uuid, v_deleting_at
  FROM profiles p
  WHERE p.environment_id = p_environment_id AND p.id = p_profile
  FOR UPDATE;
  IF NOT FOUND THEN
    SELECT p.id, p.uuid, p.deleting_at INTO v_id, v_uuid, v_deleting_at
    FROM profiles p
    WHERE p.environment_id = p_environment_id AND p.uuid = p_profile
    FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::integer, NULL::double precision;
    RETURN;
  END IF;
  IF v_deleting_at IS NOT NULL THEN
    RETURN QUERY SELECT 'deleting'::text, v_id, v_uuid, NULL::integer, NULL::double precision;
    RETURN;
  END IF;
  FOR i IN 1 .. coalesce(array_length(p_windows, 1), 0) LOOP
    -- The max-th newest active session in the window: when it leaves the window, a slot frees.
    SELECT s.created_at INTO v_oldest
    FROM user_sessions s
    WHERE s.profile_id = v_id AND s.revoked_at IS NULL AND s.expires_at > p_now
      AND s.created_at > p_now - p_windows[i]
    ORDER BY s.created_at DESC
    OFFSET p_maxima[i] - 1 LIMIT 1;
    IF FOUND THEN
      RETURN QUERY SELECT 'limited'::text, v_id, v_uuid, i,
        (extract(epoch FROM (v_oldest + p_windows[i] - p_now)) * 1000)::double precision;
      RETURN;
    END IF;
  END LOOP;
  INSERT INTO user_sessions (id, environment_id, profile_id, created_at, expires_at)
  VALUES (p_session_id, p_environment_id, v_id, p_now, p_expires_at);
  IF p_audit_id IS NOT NULL THEN
    INSERT INTO audit_events (id, environment_id, actor_type, actor_id, action, resource_id, status, request_id)
    VALUES (p_audit_id, p_environment_id, p_actor_type, p_actor_id, p_action, v_id, p_status, p_request_id);
  END IF;
  RETURN QUERY SELECT 'issued'::text, v_id, v_uuid, NULL::integer, NULL::double precision;
END
$$;
