-- Identity documents (issue 17, docs/decisions/0023-identity-documents.md): what a player uploads for an
-- operator to review (kind, status, rejection reason, file facts, reviewed_at/by), and the stored bytes
-- apart in player_document_files, so listings never read them and every instance serves them.
CREATE TABLE "player_document_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "player_documents_kind" CHECK ("player_documents"."kind" in ('identity', 'address', 'payment_method')),
	CONSTRAINT "player_documents_status" CHECK ("player_documents"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "player_document_files" ADD CONSTRAINT "player_document_files_document_id_player_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."player_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_documents_player_idx" ON "player_documents" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "player_documents_status_idx" ON "player_documents" USING btree ("status","created_at");