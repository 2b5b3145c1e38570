ALTER TABLE "payments" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Payments of earlier releases: their last change is the best record of when they reached their step.
UPDATE "payments" SET "approved_at" = "updated_at" WHERE "kind" = 'withdrawal' AND "status" IN ('approved', 'paid', 'failed');--> statement-breakpoint
UPDATE "payments" SET "settled_at" = "updated_at" WHERE "status" IN ('succeeded', 'failed', 'paid', 'cancelled', 'rejected');
