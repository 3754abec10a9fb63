ALTER TABLE "people" ADD COLUMN "first_run_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "welcome_pending" boolean DEFAULT false NOT NULL;