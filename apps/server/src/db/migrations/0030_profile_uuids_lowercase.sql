-- A uuid is a UUID, whose hex digits are the same value in either case (RFC 9562): uuids are
-- stored lowercase and looked up so, so that one written in capitals names the same profile and
-- cannot be taken twice. A uuid stored in capitals before is lowered, unless another profile
-- of its environment already holds it in lowercase, or is older and holds it in other capitals:
-- that one keeps the name, and the others stay reachable by their ids.
UPDATE profiles p SET uuid = lower(p.uuid)
WHERE p.uuid <> lower(p.uuid)
  AND NOT EXISTS (
    SELECT 1 FROM profiles q
    WHERE q.environment_id = p.environment_id AND q.id <> p.id AND lower(q.uuid) = lower(p.uuid)
      AND (q.uuid = lower(q.uuid) OR (q.created_at, q.id) < (p.created_at, p.id))
  );--> statement-breakpoint
CREATE OR REPLACE FUNCTION weft_check_session(
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
  -- By id first: a primary-key lookup; by uuid (stored lowercase) only when no profile has that id.
  SELECT p.id, p.uuid, p.deleting_at INTO v_id, v_uuid, v_deleting_at
  FROM profiles p
  WHERE p.environment_id = p_environment_id AND p.id = p_profile
  FOR UPDATE;
  IF NOT FOUND THEN
    SELECT p.id, p.uuid, p.deleting_at INTO v_id, v_uuid, v_deleting_at
    FROM profiles p
    WHERE p.environment_id = p_environment_id AND p.uuid = lower(p_profile)
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
