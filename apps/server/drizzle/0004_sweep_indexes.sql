CREATE INDEX "auth_throttles_last_at_idx" ON "auth_throttles" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_expires_idx" ON "refresh_tokens" USING btree ("family_expires_at");