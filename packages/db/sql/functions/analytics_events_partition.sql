-- A month's partition of analytics_events, made when missing: at start-up and by a daily job for the
-- months ahead, and by the ingest when the product clock was moved past them. analytics_events_2026_12
-- holds December 2026 in UTC. Two instances making one month at once: the second waits, then finds it.
CREATE OR REPLACE FUNCTION analytics_events_partition(month_start timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', month_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'analytics_events_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  -- Two instances making the same month's partition at once: the second waits, then finds it made.
  PERFORM pg_advisory_xact_lock(hashtext(name));
  EXECUTE format(
    'CREATE TABLE IF NOT EXISTS %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
    name, first, first + interval '1 month'
  );
END $$;
