ALTER TABLE "payments" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "first_approved_at" timestamp with time zone;