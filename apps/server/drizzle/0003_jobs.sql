CREATE TABLE "mail_deliveries" (
	"message_id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_deliveries_sent_at_idx" ON "mail_deliveries" USING btree ("sent_at");