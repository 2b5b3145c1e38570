CREATE INDEX "players_email_prefix" ON "players" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_first_name_prefix" ON "players" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_last_name_prefix" ON "players" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_created" ON "players" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "players_country_created" ON "players" USING btree ("country","created_at");