-- A session's limits are checked by a function and its rows written by the statement that calls
-- it (sessions/service.ts): the same statement then issues a session for an existing profile
-- (the function finds and locks it) or for one the statement creates (no function: a new
-- profile has no sessions yet), so that a first session is one round trip as well.
-- weft_check_session is weft_issue_session (0026) without its two inserts.
DROP FUNCTION weft_issue_session(text, text, text, timestamptz, timestamptz, interval[], integer[], text, text, text, text, integer, text);--> statement-breakpoint
CREATE FUNCTION weft_check_session(
  p_environment_id text,
  p_profile text,
  p_now timestamptz,
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
  -- By id first: a primary-key lookup; by uuid only when no profile has that id.
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
  -- The profile is locked, and each statement below reads a fresh snapshot: it sees every
  -- session committed by an issue that held the lock before.
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
  RETURN QUERY SELECT 'issued'::text, v_id, v_uuid, NULL::integer, NULL::double precision;
END
$$;
