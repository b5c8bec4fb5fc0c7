-- Issuing a session in one round trip, safe under concurrency (sessions/service.ts calls it).
-- The profile row is locked first; each later statement of a PL/pgSQL function reads a fresh
-- snapshot, so the count sees every session a concurrent issue committed before the lock was
-- ours — which one statement with CTEs could not (its snapshot predates the wait).
-- Limits come in as arguments (windows and maxima), so changing them needs no migration.
CREATE FUNCTION weft_issue_session(
  p_environment_id text,
  p_profile text,
  p_session_id text,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_windows interval[],
  p_maxima integer[]
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
  WHERE p.environment_id = p_environment_id AND (p.id = p_profile OR p.uuid = p_profile)
  LIMIT 1
  FOR UPDATE;
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
  RETURN QUERY SELECT 'issued'::text, v_id, v_uuid, NULL::integer, NULL::double precision;
END
$$;
