-- RTS 14 also bars quick spins and slam stops in slots: a launch says whether the game may shorten a
-- round on screen, kept with the session it opened. Guarded like 0000, so it can run again.
ALTER TABLE "studio"."sessions" ADD COLUMN IF NOT EXISTS "quick_play" boolean DEFAULT true NOT NULL;
